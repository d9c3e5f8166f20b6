// The payment dialog's form: amounts, discounts, methods and status, the buyer, Save Payment.
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Divider,
  Group,
  Radio,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconPrinter, IconWifiOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { uuidv7 } from '../../lib/uuid-v7';
import { MESSAGES } from '../../../shared/messages';
import { formatInr } from '../../../shared/money';
import type { Bill, SplitLine } from '../../../shared/schemas/billing.schemas';
import type { TableOrder } from '../../../shared/schemas/tables.schemas';
import type { TaxProfileView } from '../../../shared/schemas/tax-profile.schemas';
import { ListSkeleton } from '../../components/skeletons';
import { ApiError } from '../../lib/api';
import {
  notify,
  notifyActionFailure,
  notifySuccess,
  serverFieldErrors,
} from '../../lib/form-feedback';
import { useFocusFirstError } from '../../lib/use-focus-first-error';
import { useLastBill } from './api/last-bill';
import { usePayTable } from './api/pay-table';
import { tableOrderQueryKey, tableOrderQueryOptions } from './api/table-order';
import { BILLING_TEXT } from './billing-text';
import { OrderLines } from './components/order-lines';
import { SplitRows } from './components/split-rows';
import { UpiPayQr } from './components/upi-pay-qr';
import { openProvisionalBillPrint } from './print-windows';
import {
  PAYMENT_FIELDS,
  initialPaymentValues,
  offeredChoices,
  orderChanges,
  paymentRequest,
  paymentTotals,
  splitOrder,
  upiAmountPaise,
  withMethod,
  withRowAmount,
  withStatus,
  withoutDue,
  discountFlatPaiseOf,
  type BillMethod,
  type PaymentFormValues,
} from './payment-form';
import { BuyerFields, CashReceived, TaxFigures } from './payment-parts';

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

const BUYER_FIELDS: Record<string, string> = {
  'buyer.name': 'buyerName',
  'buyer.gstin': 'buyerGstin',
  'buyer.address': 'buyerAddress',
};

/** The API's field names as the form's. */
const formField = (apiField: string) =>
  apiField === 'discountPercent'
    ? 'discount'
    : apiField === 'discountFlatPaise'
      ? 'discountFlat'
      : apiField.startsWith('payments')
        ? 'rows'
        : (BUYER_FIELDS[apiField] ?? apiField);

/**
 * The Pay button's dialog for one table (`tableId` null: closed). It reads the table's order
 * from the query cache, so it follows the live changes the order screen follows.
 */
export function PaymentForm({
  order: whole,
  split,
  profile,
  beforePay,
  onPaid,
  onClose,
}: {
  order: TableOrder;
  split: readonly SplitLine[] | null;
  profile: TaxProfileView;
  beforePay: (tableId: string) => Promise<void>;
  onPaid: (bill: Bill) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const pay = usePayTable();
  // A split by items bills the chosen lines of the order (the whole order when they are gone).
  const order = (split && splitOrder(whole, split)) ?? whole;
  const splitGone = split !== null && order === whole;
  // One key for this payment, made when the dialog opens and kept across retries, so a double
  // tap or a retry after a network error bills once.
  const [idempotencyKey] = useState(() => uuidv7());
  // The order as the cashier first saw it, and the version they last confirmed.
  const [seen] = useState(order.lines);
  const [confirmedVersion, setConfirmedVersion] = useState(order.version);
  const { formRef, focusFirstError } = useFocusFirstError(PAYMENT_FIELDS);
  const form = useForm<PaymentFormValues>({
    mode: 'controlled',
    initialValues: initialPaymentValues(),
  });
  const values = form.getValues();
  const online = useOnline();
  // A payment sent while offline is paused, not lost (same key): it goes when the device is back.
  const waiting = (pay.isPaused || !online) && (pay.isPending || form.submitting);

  const totals = paymentTotals(
    order.lines,
    values.discount,
    profile,
    values.serviceCharge,
    values.discountFlat,
  );
  const changes = orderChanges(seen, order.lines);
  const mustConfirm = changes.length > 0 && confirmedVersion !== order.version;
  const empty = order.lines.length === 0;
  // A ₹0 bill (fully discounted) leaves nobody owing: Due is not offered.
  const offered = offeredChoices(totals?.totalPaise ?? null);
  const nothingToOwe = totals?.totalPaise === 0;
  useEffect(() => {
    if (nothingToOwe) form.setValues(withoutDue(form.getValues()));
    // `form` is stable; only the amount coming down to ₹0 matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [nothingToOwe]);

  // The order shown when the dialog opened is gone (emptied, or opened anew) while this device
  // was not paying it: if a bill was made since it was opened, another device paid the table.
  const [seenOpenedAt] = useState(order.openedAt);
  const gone =
    seenOpenedAt !== null && order.openedAt !== seenOpenedAt && !pay.isPending && !pay.isSuccess;
  const last = useLastBill(order.tableId, gone);
  const lastBill = last.data?.bill;
  const paidElsewhere =
    gone &&
    !last.isFetching &&
    lastBill &&
    Date.parse(lastBill.createdAt) >= Date.parse(seenOpenedAt)
      ? lastBill
      : null;
  useEffect(() => {
    if (!paidElsewhere) return;
    notify({
      tone: 'blue',
      title: BILLING_TEXT.justPaid(order.label),
      message: BILLING_TEXT.justPaidBy(paidElsewhere.number, formatInr(paidElsewhere.totalPaise)),
    });
    onClose();
    // Once per bill found.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paidElsewhere?.id]);

  const submit = form.onSubmit(async (current) => {
    if (mustConfirm) {
      setConfirmedVersion(order.version);
      return;
    }
    // Taps made just before Pay may still be on their way: bill them too, never leave one behind
    // to land on the emptied table. If they change what is shown, the cashier confirms again.
    await beforePay(order.tableId);
    const latestWhole =
      queryClient.getQueryData<TableOrder>(tableOrderQueryKey(order.tableId)) ?? whole;
    const latest = (split && splitOrder(latestWhole, split)) ?? latestWhole;
    if (orderChanges(order.lines, latest.lines).length > 0) return;
    if (splitGone) return;
    const checked = paymentRequest(current, latest, idempotencyKey, profile, split);
    if (!checked.body) {
      form.setErrors(checked.errors);
      focusFirstError(checked.errors);
      return;
    }
    pay.mutate(
      { tableId: order.tableId, body: checked.body },
      {
        onSuccess: (paid) => {
          notifySuccess(
            paid.status === 'Due'
              ? MESSAGES.payment.dueBy(paid.responsible ?? '')
              : MESSAGES.payment.settled,
          );
          onPaid(paid);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'billing.order_changed') {
            // Billed as it is now: show the current order and what changed, then ask again.
            void queryClient.fetchQuery({ ...tableOrderQueryOptions(order.tableId), staleTime: 0 });
            return;
          }
          const errors = serverFieldErrors(error, PAYMENT_FIELDS, formField);
          if (Object.keys(errors).length > 0) {
            form.setErrors(errors);
            focusFirstError(errors);
            return;
          }
          notifyActionFailure(error, BILLING_TEXT.notSaved);
        },
      },
    );
  }, focusFirstError);

  // Not "This order changed" over an empty ₹0 bill while it is found out who paid it.
  if (gone && (last.isPending || paidElsewhere)) {
    return <ListSkeleton label={BILLING_TEXT.checkingTable} rows={3} />;
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text fw={700}>{order.label}</Text>
        {split && (
          <Text size="sm" c="dimmed" data-testid="split-note">
            {splitGone ? BILLING_TEXT.splitItemsGone : BILLING_TEXT.splitItemsNote}
          </Text>
        )}
        {changes.length > 0 && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="status">
            {BILLING_TEXT.orderChanged}
          </Alert>
        )}
        {empty ? (
          <Text role="status">{BILLING_TEXT.emptyTable}</Text>
        ) : (
          <OrderLines lines={order.lines} changes={changes} />
        )}
        <Divider />
        <Group justify="space-between">
          <Text>{BILLING_TEXT.subtotalLabel}</Text>
          <Text fw={600} data-testid="bill-total">
            {formatInr(order.totalPaise)}
          </Text>
        </Group>
        <TextInput
          {...form.getInputProps('discount')}
          name="discount"
          label={BILLING_TEXT.discount}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          maw={180}
        />
        <TextInput
          {...form.getInputProps('discountFlat')}
          name="discountFlat"
          label={BILLING_TEXT.discountFlat}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          maw={180}
        />
        <TaxFigures totals={totals} profile={profile} />
        {profile.serviceChargeBps > 0 && (
          <Switch
            label={BILLING_TEXT.serviceChargeSwitch}
            description={BILLING_TEXT.serviceChargeHint}
            checked={!values.serviceCharge}
            onChange={(event) => form.setFieldValue('serviceCharge', !event.currentTarget.checked)}
          />
        )}
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700}>{BILLING_TEXT.grandTotal}</Text>
          <Text fw={800} size="xl" data-testid="discounted-total">
            {totals ? formatInr(totals.totalPaise) : '—'}
          </Text>
        </Group>
        <Group justify="flex-end">
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPrinter size={16} />}
            disabled={empty || !totals}
            title={BILLING_TEXT.printProvisionalHint}
            onClick={() =>
              openProvisionalBillPrint(order.tableId, {
                discountPercent: values.discount.trim(),
                discountFlatPaise: discountFlatPaiseOf(values.discountFlat) ?? 0,
                serviceCharge: values.serviceCharge,
              })
            }
          >
            {BILLING_TEXT.printProvisional}
          </Button>
        </Group>
        <Divider />
        <Switch
          label={BILLING_TEXT.b2b}
          description={BILLING_TEXT.b2bHint}
          checked={values.b2b}
          onChange={(event) => form.setFieldValue('b2b', event.currentTarget.checked)}
        />
        {values.b2b && <BuyerFields form={form} />}
        <Divider />
        <Switch
          label={BILLING_TEXT.split}
          description={BILLING_TEXT.splitHint}
          checked={values.split}
          onChange={(event) => {
            form.setFieldValue('split', event.currentTarget.checked);
            if (values.method === 'Due') form.setFieldValue('method', '');
          }}
        />
        {values.split ? (
          <SplitRows
            form={form}
            totalPaise={totals?.totalPaise ?? null}
            onAmount={(index, amount) =>
              form.setValues(
                withRowAmount(form.getValues(), index, amount, totals?.totalPaise ?? null),
              )
            }
          />
        ) : (
          <Radio.Group
            name="method"
            label={BILLING_TEXT.method}
            value={values.method}
            error={form.errors.method}
            onChange={(method) => {
              form.setValues(withMethod(form.getValues(), method as BillMethod));
              form.clearFieldError('method');
            }}
          >
            <Group gap="md" mt={6}>
              {offered.methods.map((method) => (
                <Radio key={method} value={method} label={method} />
              ))}
            </Group>
          </Radio.Group>
        )}
        {!values.split && values.method === 'Cash' && (
          <CashReceived form={form} totalPaise={totals?.totalPaise ?? null} />
        )}
        <UpiPayQr
          amountPaise={upiAmountPaise(values, totals?.totalPaise ?? null)}
          tableLabel={order.label}
        />
        <Radio.Group
          name="status"
          label={BILLING_TEXT.status}
          value={values.status}
          error={form.errors.status}
          onChange={(status) => {
            form.setValues(withStatus(form.getValues(), status as PaymentFormValues['status']));
            form.clearFieldError('status');
          }}
        >
          <Group gap="md" mt={6}>
            {offered.statuses.map((status) => (
              <Radio key={status} value={status} label={status} />
            ))}
          </Group>
        </Radio.Group>
        {values.status === 'Due' && (
          <TextInput
            {...form.getInputProps('responsible')}
            name="responsible"
            label={BILLING_TEXT.responsible}
            description={BILLING_TEXT.responsibleHint}
            autoComplete="off"
            withAsterisk
          />
        )}
        {waiting && (
          <Alert
            color="yellow"
            icon={<IconWifiOff size={18} />}
            role="status"
            title={BILLING_TEXT.waitingForConnection}
            data-testid="waiting-for-connection"
          >
            {BILLING_TEXT.waitingForConnectionHint}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {BILLING_TEXT.cancel}
          </Button>
          <Button type="submit" loading={pay.isPending} disabled={empty}>
            {mustConfirm ? BILLING_TEXT.confirmChanged : BILLING_TEXT.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Cash received for a Cash bill, and the change to give back from it. */
