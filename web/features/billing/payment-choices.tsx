import { ChoiceField, SwitchField, TextField } from '../../components/kit/field';
import { BILLING_TEXT } from './billing-text';
import { SplitRows } from './components/split-rows';
import { UpiPayQr } from './components/upi-pay-qr';
import {
  upiAmountPaise,
  withMethod,
  withStatus,
  type BillMethod,
  type offeredChoices,
  type PaymentFormValues,
} from './payment-form';
import { CHOICE_FIELDS, type PaymentFormState } from './payment-form-state';
import { CashReceived } from './payment-parts';

/** Choices as the chips offer them (their words are the values). */
const chipsOf = (choices: readonly string[]) =>
  choices.map((choice) => ({ value: choice, label: choice }));

/**
 * How the bill is paid: one method or a split between several, the cash received, the UPI QR of
 * what is taken by UPI, the status, and who owes a due.
 */
export function PaymentChoices({
  form,
  offered,
  totalPaise,
  tableLabel,
}: {
  form: PaymentFormState;
  offered: ReturnType<typeof offeredChoices>;
  totalPaise: number | null;
  tableLabel: string;
}) {
  const { values, errors } = form;
  return (
    <section className="tf-paysheet-section">
      <SwitchField
        label={BILLING_TEXT.split}
        hint={BILLING_TEXT.splitHint}
        checked={values.split}
        onChange={(on) =>
          form.change((current) => ({
            ...current,
            split: on,
            method: current.method === 'Due' ? '' : current.method,
          }))
        }
      />
      {values.split ? (
        <SplitRows form={form} totalPaise={totalPaise} />
      ) : (
        <ChoiceField
          name="method"
          label={BILLING_TEXT.method}
          options={chipsOf(offered.methods)}
          value={values.method}
          error={errors.method}
          onChange={(method) =>
            form.change((current) => withMethod(current, method as BillMethod), ...CHOICE_FIELDS)
          }
        />
      )}
      {!values.split && values.method === 'Cash' && (
        <CashReceived form={form} totalPaise={totalPaise} />
      )}
      <UpiPayQr amountPaise={upiAmountPaise(values, totalPaise)} tableLabel={tableLabel} />
      <ChoiceField
        name="status"
        label={BILLING_TEXT.status}
        options={chipsOf(offered.statuses)}
        value={values.status}
        error={errors.status}
        onChange={(status) =>
          form.change(
            (current) => withStatus(current, status as PaymentFormValues['status']),
            ...CHOICE_FIELDS,
          )
        }
      />
      {values.status === 'Due' && (
        <TextField
          {...form.text('responsible')}
          label={BILLING_TEXT.responsible}
          hint={BILLING_TEXT.responsibleHint}
          autoComplete="off"
          required
        />
      )}
    </section>
  );
}
