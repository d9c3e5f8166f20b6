import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  MAX_SPLIT_PAYMENTS,
  RECEIVED_METHODS,
  type ReceivedMethod,
} from '../../../../shared/schemas/billing.schemas';
import { Button } from '../../../components/kit/button';
import { SelectField, TextField } from '../../../components/kit/field';
import { BILLING_TEXT } from '../billing-text';
import type { PaymentFormState } from '../payment-form-state';
import { splitPaidPaise, splitRow, withRowAmount } from '../payment-form';

const METHOD_OPTIONS = RECEIVED_METHODS.map((method) => ({ value: method, label: method }));

/** A split: amount rows by method, with what is left to cover shown as they are typed. */
export function SplitRows({
  form: { values, errors, change },
  totalPaise,
}: {
  form: Pick<PaymentFormState, 'values' | 'errors' | 'change'>;
  totalPaise: number | null;
}) {
  const { rows } = values;
  const left = totalPaise === null ? null : totalPaise - splitPaidPaise(rows);
  // Rows added, removed or their method changed: the split's messages no longer apply.
  const rowsChanged = (next: typeof rows) =>
    change(
      (current) => ({ ...current, rows: next }),
      'rows',
      ...rows.map((_, i) => `rows.${i}.amount`),
    );
  return (
    <div className="tf-paysheet-split">
      {rows.map((row, index) => (
        <div key={row.key} className="tf-paysheet-split-row">
          <SelectField
            label={BILLING_TEXT.splitMethod(index + 1)}
            options={METHOD_OPTIONS}
            value={row.method}
            onChange={(event) => {
              const method = event.currentTarget.value as ReceivedMethod;
              rowsChanged(rows.map((r, i) => (i === index ? { ...r, method } : r)));
            }}
            className="tf-paysheet-split-method"
          />
          <TextField
            label={BILLING_TEXT.splitAmount(index + 1)}
            name={`rows.${index}.amount`}
            value={row.amount}
            error={errors[`rows.${index}.amount`]}
            inputMode="decimal"
            autoComplete="off"
            onChange={(event) => {
              const amount = event.currentTarget.value;
              // The last row takes what is left (withRowAmount): its message goes too.
              change(
                (current) => withRowAmount(current, index, amount, totalPaise),
                'rows',
                `rows.${index}.amount`,
                `rows.${rows.length - 1}.amount`,
              );
            }}
          />
          <Button
            variant="subtle"
            className="tf-paysheet-split-remove"
            icon={<IconTrash size={18} aria-hidden />}
            aria-label={BILLING_TEXT.removeSplitRow(index + 1)}
            disabled={rows.length <= 1}
            onClick={() => rowsChanged(rows.filter((_, i) => i !== index))}
          />
        </div>
      ))}
      <div className="tf-paysheet-split-foot">
        <Button
          variant="subtle"
          icon={<IconPlus size={16} aria-hidden />}
          disabled={rows.length >= MAX_SPLIT_PAYMENTS}
          onClick={() => {
            const used = new Set(rows.map((r) => r.method));
            const next: ReceivedMethod =
              RECEIVED_METHODS.find((method) => !used.has(method)) ?? 'Cash';
            rowsChanged([...rows, splitRow(next)]);
          }}
        >
          {BILLING_TEXT.addSplitRow}
        </Button>
        {left !== null && (
          <p className="tf-paysheet-left" aria-live="polite" data-over={left < 0 || undefined}>
            {left === 0
              ? BILLING_TEXT.allReceived
              : left > 0
                ? BILLING_TEXT.remaining(left)
                : BILLING_TEXT.overpaid(-left)}
          </p>
        )}
      </div>
      {errors.rows && (
        <p className="kit-field-error" role="alert">
          {errors.rows}
        </p>
      )}
    </div>
  );
}
