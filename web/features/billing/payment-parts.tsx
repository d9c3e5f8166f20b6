// Parts of the payment sheet: cash received and change, the paid bill, the tax figures, the buyer.
import { useEffect, useRef } from 'react';
import { IconPrinter } from '@tabler/icons-react';
import { halfGstRatePercent } from '../../../shared/gst';
import { bpsToPercentString, formatInr } from '../../../shared/money';
import type { Bill } from '../../../shared/schemas/billing.schemas';
import type { TaxProfileView } from '../../../shared/schemas/tax-profile.schemas';
import type { TaxedBill } from '../../../shared/tax';
import { Button } from '../../components/kit/button';
import { TextAreaField, TextField } from '../../components/kit/field';
import { BILLING_TEXT } from './billing-text';
import { openBillPrint } from './print-windows';
import { buyerGstinState, cashChange } from './payment-form';
import type { PaymentFormState } from './payment-form-state';

/** Cash received for a Cash bill, and the change to give back from it. */
export function CashReceived({
  form,
  totalPaise,
}: {
  form: Pick<PaymentFormState, 'values' | 'text'>;
  totalPaise: number | null;
}) {
  const change = cashChange(form.values.cashReceived, totalPaise);
  return (
    <div className="tf-paysheet-cash">
      <TextField
        {...form.text('cashReceived')}
        label={BILLING_TEXT.cashReceived}
        hint={BILLING_TEXT.cashReceivedHint}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0"
        className="tf-paysheet-amount"
      />
      {change && (
        <p
          className="tf-paysheet-change"
          aria-live="polite"
          data-short={'shortPaise' in change || undefined}
          data-testid="cash-change"
        >
          {'changePaise' in change
            ? BILLING_TEXT.change(change.changePaise)
            : BILLING_TEXT.cashShort(change.shortPaise)}
        </p>
      )}
    </div>
  );
}

/**
 * While the sheet's data loads (a moment): what it waits for, in words, over a bar that
 * breathes. Not the kit's Skeleton: shared with the order screen's first load, it would become
 * a chunk of its own there and push that load over issue 32's 120 KB.
 */
export function Waiting({ label }: { label: string }) {
  return (
    <p className="tf-paysheet-waiting" role="status" aria-busy="true">
      {label}
    </p>
  );
}

/** After a payment: the bill's number and amount, and its printout. */
export function PaidBill({ bill, onClose }: { bill: Bill; onClose: () => void }) {
  // The form that had the focus is gone: the focus goes to the printout, the next step.
  const print = useRef<HTMLButtonElement>(null);
  useEffect(() => print.current?.focus(), []);
  return (
    <div className="tf-paysheet-paid">
      <div role="status">
        <p className="tf-paysheet-paid-title">{BILLING_TEXT.paidTitle(bill.number)}</p>
        <p>
          {bill.tableLabel} · {formatInr(bill.totalPaise)}
          {bill.discountBps > 0 && ` (${bpsToPercentString(bill.discountBps)}% off)`} ·{' '}
          {bill.status}
          {bill.responsible && ` · ${bill.responsible}`}
        </p>
      </div>
      <div className="tf-paysheet-actions">
        <Button onClick={onClose}>{BILLING_TEXT.done}</Button>
        <Button
          ref={print}
          variant="primary"
          icon={<IconPrinter size={18} aria-hidden />}
          onClick={() => openBillPrint(bill.id)}
        >
          {BILLING_TEXT.printBill}
        </Button>
      </div>
    </div>
  );
}

/** One figure of the bill: its name and amount on a line. */
function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <p className="tf-paysheet-figure">
      <span>{label}</span>
      <span data-testid={testId}>{value}</span>
    </p>
  );
}

/** The bill's figures under the subtotal: discount, taxable value, tax per rate, round off. */
export function TaxFigures({
  totals,
  profile,
}: {
  totals: TaxedBill | null;
  profile: TaxProfileView;
}) {
  if (!totals) return null;
  const regular = profile.regime === 'regular';
  return (
    <div className="tf-paysheet-figures" data-testid="tax-figures">
      {totals.discountPaise > 0 && (
        <Figure
          label={BILLING_TEXT.discountAmount}
          value={`−${formatInr(totals.discountPaise)}`}
          testId="discount-amount"
        />
      )}
      {regular && (
        <Figure
          label={BILLING_TEXT.taxableValue}
          value={formatInr(totals.taxablePaise)}
          testId="taxable-value"
        />
      )}
      {totals.nonGstPaise > 0 && (
        <Figure label={BILLING_TEXT.outsideGst} value={formatInr(totals.nonGstPaise)} />
      )}
      {totals.serviceChargeBps > 0 && (
        <Figure
          label={BILLING_TEXT.serviceCharge(bpsToPercentString(totals.serviceChargeBps))}
          value={formatInr(totals.serviceChargePaise)}
          testId="service-charge"
        />
      )}
      {totals.rates.map((rate) => (
        <Figure
          key={rate.rateBps}
          label={BILLING_TEXT.taxPair(
            halfGstRatePercent(rate.rateBps),
            formatInr(rate.cgstPaise),
            formatInr(rate.sgstPaise),
          )}
          value={formatInr(rate.cgstPaise + rate.sgstPaise)}
        />
      ))}
      {profile.regime !== 'regular' && (
        <p className="tf-paysheet-regime">{BILLING_TEXT.noTaxRegime[profile.regime]}</p>
      )}
      {totals.roundOffPaise !== 0 && (
        <Figure
          label={BILLING_TEXT.roundOff}
          value={`${totals.roundOffPaise > 0 ? '+' : '−'}${formatInr(Math.abs(totals.roundOffPaise))}`}
          testId="round-off"
        />
      )}
    </div>
  );
}

/** A B2B bill's buyer: name, GSTIN (its state shown once valid) and address. */
export function BuyerFields({ form }: { form: Pick<PaymentFormState, 'values' | 'text'> }) {
  const state = buyerGstinState(form.values.buyerGstin);
  return (
    <div className="tf-paysheet-group">
      <TextField
        {...form.text('buyerName')}
        label={BILLING_TEXT.buyerName}
        autoComplete="organization"
        required
      />
      <TextField
        {...form.text('buyerGstin')}
        label={BILLING_TEXT.buyerGstin}
        hint={state ? BILLING_TEXT.buyerState(state.code, state.name) : BILLING_TEXT.buyerGstinHint}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        required
        className="tf-paysheet-gstin"
      />
      <TextAreaField
        {...form.text('buyerAddress')}
        label={BILLING_TEXT.buyerAddress}
        autoComplete="street-address"
        required
      />
    </div>
  );
}
