// Parts of the payment dialog: cash received and change, the paid bill, the tax figures, the buyer.
import { Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { type UseFormReturnType } from '@mantine/form';
import { IconPrinter } from '@tabler/icons-react';
import { halfGstRatePercent } from '../../../shared/gst';
import { bpsToPercentString, formatInr } from '../../../shared/money';
import type { Bill } from '../../../shared/schemas/billing.schemas';
import type { TaxProfileView } from '../../../shared/schemas/tax-profile.schemas';
import type { TaxedBill } from '../../../shared/tax';
import { BILLING_TEXT } from './billing-text';
import { openBillPrint } from './print-windows';
import { buyerGstinState, cashChange, type PaymentFormValues } from './payment-form';

export function CashReceived({
  form,
  totalPaise,
}: {
  form: UseFormReturnType<PaymentFormValues>;
  totalPaise: number | null;
}) {
  const change = cashChange(form.getValues().cashReceived, totalPaise);
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <TextInput
        {...form.getInputProps('cashReceived')}
        name="cashReceived"
        label={BILLING_TEXT.cashReceived}
        description={BILLING_TEXT.cashReceivedHint}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0"
        maw={220}
      />
      {change && (
        <Text
          fw={700}
          size="lg"
          aria-live="polite"
          c={'shortPaise' in change ? 'red' : undefined}
          data-testid="cash-change"
        >
          {'changePaise' in change
            ? BILLING_TEXT.change(change.changePaise)
            : BILLING_TEXT.cashShort(change.shortPaise)}
        </Text>
      )}
    </Group>
  );
}

/** After a payment: the bill's number and amount, and its printout. */
export function PaidBill({ bill, onClose }: { bill: Bill; onClose: () => void }) {
  return (
    <Stack gap="sm">
      <Text fw={700} size="lg">
        {BILLING_TEXT.paidTitle(bill.number)}
      </Text>
      <Text>
        {bill.tableLabel} · {formatInr(bill.totalPaise)}
        {bill.discountBps > 0 && ` (${bpsToPercentString(bill.discountBps)}% off)`} · {bill.status}
        {bill.responsible && ` · ${bill.responsible}`}
      </Text>
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onClose}>
          {BILLING_TEXT.done}
        </Button>
        <Button leftSection={<IconPrinter size={18} />} onClick={() => openBillPrint(bill.id)}>
          {BILLING_TEXT.printBill}
        </Button>
      </Group>
    </Stack>
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
  const row = (label: string, value: string, testId?: string) => (
    <Group justify="space-between" wrap="nowrap" gap="xs" key={label}>
      <Text size="sm">{label}</Text>
      <Text size="sm" data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Stack gap={4} data-testid="tax-figures">
      {totals.discountPaise > 0 &&
        row(BILLING_TEXT.discountAmount, `−${formatInr(totals.discountPaise)}`, 'discount-amount')}
      {regular && row(BILLING_TEXT.taxableValue, formatInr(totals.taxablePaise), 'taxable-value')}
      {totals.nonGstPaise > 0 && row(BILLING_TEXT.outsideGst, formatInr(totals.nonGstPaise))}
      {totals.serviceChargeBps > 0 &&
        row(
          BILLING_TEXT.serviceCharge(bpsToPercentString(totals.serviceChargeBps)),
          formatInr(totals.serviceChargePaise),
          'service-charge',
        )}
      {totals.rates.map((rate) => {
        const half = halfGstRatePercent(rate.rateBps);
        return row(
          BILLING_TEXT.taxPair(half, formatInr(rate.cgstPaise), formatInr(rate.sgstPaise)),
          formatInr(rate.cgstPaise + rate.sgstPaise),
        );
      })}
      {profile.regime !== 'regular' && (
        <Text size="xs" c="var(--tf-muted)">
          {BILLING_TEXT.noTaxRegime[profile.regime]}
        </Text>
      )}
      {totals.roundOffPaise !== 0 &&
        row(
          BILLING_TEXT.roundOff,
          `${totals.roundOffPaise > 0 ? '+' : '−'}${formatInr(Math.abs(totals.roundOffPaise))}`,
          'round-off',
        )}
    </Stack>
  );
}

/** A B2B bill's buyer: name, GSTIN (its state shown once valid) and address. */
export function BuyerFields({ form }: { form: UseFormReturnType<PaymentFormValues> }) {
  const { buyerGstin } = form.getValues();
  const state = buyerGstinState(buyerGstin);
  return (
    <Stack gap="xs">
      <TextInput
        {...form.getInputProps('buyerName')}
        name="buyerName"
        label={BILLING_TEXT.buyerName}
        autoComplete="organization"
        withAsterisk
      />
      <TextInput
        {...form.getInputProps('buyerGstin')}
        name="buyerGstin"
        label={BILLING_TEXT.buyerGstin}
        description={
          state ? BILLING_TEXT.buyerState(state.code, state.name) : BILLING_TEXT.buyerGstinHint
        }
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        withAsterisk
        styles={{ input: { textTransform: 'uppercase' } }}
      />
      <Textarea
        {...form.getInputProps('buyerAddress')}
        name="buyerAddress"
        label={BILLING_TEXT.buyerAddress}
        autoComplete="street-address"
        autosize
        minRows={2}
        maxRows={4}
        withAsterisk
      />
    </Stack>
  );
}
