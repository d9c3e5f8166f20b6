// The payment sheet's form: amounts, discounts, methods and status, the buyer, Save Payment.
import { useEffect, useState, type FormEvent } from 'react';
import { IconPrinter, IconWifiOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { uuidv7 } from '../../lib/uuid-v7';
import { MESSAGES } from '../../../shared/messages';
import { formatInr } from '../../../shared/money';
import type { Bill, SplitLine } from '../../../shared/schemas/billing.schemas';
import type { TableOrder } from '../../../shared/schemas/tables.schemas';
import type { TaxProfileView } from '../../../shared/schemas/tax-profile.schemas';
import { Button } from '../../components/kit/button';
import { SwitchField, TextField } from '../../components/kit/field';
import { Notice } from '../../components/kit/notice';
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
import { openProvisionalBillPrint } from './print-windows';
import {
  PAYMENT_FIELDS,
  offeredChoices,
  orderChanges,
  paymentRequest,
  paymentTotals,
  splitOrder,
  withoutDue,
  discountFlatPaiseOf,
} from './payment-form';
import { CHOICE_FIELDS, usePaymentFormState, type PaymentErrors } from './payment-form-state';
import { PaymentChoices } from './payment-choices';
import { BuyerFields, TaxFigures, Waiting } from './payment-parts';

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
 * The payment sheet's form for one table's order (or the items of a split). It reads the
 * order from the query cache, so it follows the live changes the order screen follows.
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
  const form = usePaymentFormState();
  const { values } = form;
  // From Save until the payment is sent (the taps on their way land first: beforePay).
  const [submitting, setSubmitting] = useState(false);
  const online = useOnline();
  // A payment sent while offline is paused, not lost (same key): it goes when the device is back.
  const waiting = (pay.isPaused || !online) && (pay.isPending || submitting);

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
    if (nothingToOwe) form.change(withoutDue, ...CHOICE_FIELDS);
    // Only the amount coming down to ₹0 matters.
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

  const showErrors = (found: PaymentErrors) => {
    form.setErrors(found);
    focusFirstError(found);
  };

  const send = async () => {
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
    const checked = paymentRequest(values, latest, idempotencyKey, profile, split);
    if (!checked.body) {
      showErrors(checked.errors);
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
          const found = serverFieldErrors(error, PAYMENT_FIELDS, formField);
          if (Object.keys(found).length > 0) {
            showErrors(found);
            return;
          }
          notifyActionFailure(error, BILLING_TEXT.notSaved);
        },
      },
    );
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
    void send().finally(() => setSubmitting(false));
  };

  // Not "This order changed" over an empty ₹0 bill while it is found out who paid it.
  if (gone && (last.isPending || paidElsewhere)) {
    return <Waiting label={BILLING_TEXT.checkingTable} />;
  }

  const totalPaise = totals?.totalPaise ?? null;
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="tf-paysheet">
      <div className="tf-paysheet-head">
        <p className="tf-paysheet-table">{order.label}</p>
        {split && (
          <p className="tf-paysheet-muted" data-testid="split-note">
            {splitGone ? BILLING_TEXT.splitItemsGone : BILLING_TEXT.splitItemsNote}
          </p>
        )}
      </div>
      {changes.length > 0 && (
        <Notice role="status">
          <p>{BILLING_TEXT.orderChanged}</p>
        </Notice>
      )}
      {empty ? (
        <p role="status">{BILLING_TEXT.emptyTable}</p>
      ) : (
        <OrderLines lines={order.lines} changes={changes} />
      )}
      <section className="tf-paysheet-section">
        <p className="tf-paysheet-figure tf-paysheet-subtotal">
          <span>{BILLING_TEXT.subtotalLabel}</span>
          <span data-testid="bill-total">{formatInr(order.totalPaise)}</span>
        </p>
        <div className="tf-paysheet-discounts">
          {(['discount', 'discountFlat'] as const).map((name) => (
            <TextField
              key={name}
              {...form.text(name)}
              label={BILLING_TEXT[name]}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0"
            />
          ))}
        </div>
        <TaxFigures totals={totals} profile={profile} />
        {profile.serviceChargeBps > 0 && (
          <SwitchField
            label={BILLING_TEXT.serviceChargeSwitch}
            hint={BILLING_TEXT.serviceChargeHint}
            checked={!values.serviceCharge}
            onChange={(removed) =>
              form.change((current) => ({ ...current, serviceCharge: !removed }))
            }
          />
        )}
        <p className="tf-paysheet-grand">
          <span>{BILLING_TEXT.grandTotal}</span>
          <span data-testid="discounted-total">{totals ? formatInr(totals.totalPaise) : '—'}</span>
        </p>
        <Button
          className="tf-paysheet-print"
          icon={<IconPrinter size={18} aria-hidden />}
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
      </section>
      <section className="tf-paysheet-section">
        <SwitchField
          label={BILLING_TEXT.b2b}
          hint={BILLING_TEXT.b2bHint}
          checked={values.b2b}
          onChange={(b2b) => form.change((current) => ({ ...current, b2b }))}
        />
        {values.b2b && <BuyerFields form={form} />}
      </section>
      <PaymentChoices
        form={form}
        offered={offered}
        totalPaise={totalPaise}
        tableLabel={order.label}
      />
      {waiting && (
        <Notice
          role="status"
          title={BILLING_TEXT.waitingForConnection}
          icon={<IconWifiOff size={18} aria-hidden />}
          data-testid="waiting-for-connection"
        >
          <p>{BILLING_TEXT.waitingForConnectionHint}</p>
        </Notice>
      )}
      <div className="tf-paysheet-actions" data-sticky>
        <Button onClick={onClose}>{BILLING_TEXT.cancel}</Button>
        <Button
          type="submit"
          variant="primary"
          disabled={empty || pay.isPending}
          aria-busy={pay.isPending || undefined}
        >
          {mustConfirm ? BILLING_TEXT.confirmChanged : BILLING_TEXT.save}
        </Button>
      </div>
    </form>
  );
}
