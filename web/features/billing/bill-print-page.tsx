import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Center, Loader, Text } from '@mantine/core';
import { useParams, useSearchParams } from '../../lib/router';
import { formatDisplayDateTime } from '../../../shared/dates';
import { discountParts } from '../../../shared/invoice-text';
import { bpsToPercentString, formatInr } from '../../../shared/money';
import { paymentMethodParts } from '../../../shared/payment-methods';
import type { BillPrint } from '../../../shared/schemas/billing.schemas';
import { amountDuePaise, billUpiUri } from '../../../shared/upi';
import { QueryError } from '../../components/query-error';
import { UpiQr } from '../../components/upi-qr';
import { ApiError } from '../../lib/api';
import { useBill } from './api/get-bill';
import { useReceiptSettings } from './api/receipt-settings';
import { BILLING_TEXT } from './billing-text';
import { BillFooter, TaxInvoice, printableOfBill } from './components/tax-invoice';
import '../../components/receipt-paper.css';
import './bill-print.css';

/**
 * /bills/:id/print, opened in its own 800 × 600 window: the bill as a receipt, printed at once;
 * `?copy=duplicate` (a reprint) marks it DUPLICATE. A GST bill prints as the tax invoice from
 * what was stored when it was made (`tax`, `seller`, `buyer`); a bill made before GST billing
 * prints as it always did, with the branch's details. Every name is text that React escapes;
 * nothing here is set as HTML.
 */
export function BillPrintPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const duplicate = search.get('copy') === 'duplicate';
  const bill = useBill(id);
  const receipt = useReceiptSettings();
  const printed = useRef(false);
  const [qrDrawn, setQrDrawn] = useState(false);
  const onQrDrawn = useCallback(() => setQrDrawn(true), []);
  // A bill with an amount due prints the UPI QR of it, with the branch's UPI id.
  const upiUri =
    bill.data && receipt.data
      ? billUpiUri(bill.data, receipt.data.upiVpa, bill.data.branch.name)
      : null;
  // Printed once the receipt settings are known (or failed) and the QR, if any, is drawn.
  const ready = Boolean(bill.data) && !receipt.isPending && (upiUri === null || qrDrawn);

  useEffect(() => {
    if (!ready || !bill.data || printed.current) return;
    printed.current = true;
    document.title = `${duplicate ? `${BILLING_TEXT.duplicate} · ` : ''}${BILLING_TEXT.billNo} ${bill.data.number} · TableFlow`;
    window.print();
  }, [ready, bill.data, duplicate]);

  if (bill.isPending) {
    return (
      <Center mih="100vh" role="status" aria-label={BILLING_TEXT.loadingBill}>
        <Loader />
      </Center>
    );
  }
  if (bill.isError) {
    return (
      <Center mih="100vh" p="md">
        {bill.error instanceof ApiError && bill.error.status === 404 ? (
          <Text>{BILLING_TEXT.billNotFound}</Text>
        ) : (
          <QueryError
            title={BILLING_TEXT.billLoadFailed}
            error={bill.error}
            onRetry={() => void bill.refetch()}
          />
        )}
      </Center>
    );
  }
  const { tax, seller } = bill.data;
  const upi = upiUri && (
    <UpiQr
      uri={upiUri}
      amountPaise={amountDuePaise(bill.data)}
      size={150}
      caption={BILLING_TEXT.scanToPay}
      onReady={onQrDrawn}
    />
  );
  const footer = receipt.data?.footer ?? null;
  return (
    <main className="tf-paper-screen">
      {tax && seller ? (
        <TaxInvoice
          bill={printableOfBill({ ...bill.data, tax, seller }, bill.data.branch.timeZone)}
          duplicate={duplicate}
          upi={upi}
          footer={footer}
        />
      ) : (
        <BillReceipt bill={bill.data} duplicate={duplicate} upi={upi} footer={footer} />
      )}
      <PrintActions />
    </main>
  );
}

/** Print again and Close, on screen only. */
export function PrintActions() {
  return (
    <div className="tf-paper-actions">
      <Button onClick={() => window.print()}>{BILLING_TEXT.printAgain}</Button>
      <Button variant="default" onClick={() => window.close()}>
        {BILLING_TEXT.close}
      </Button>
    </div>
  );
}

function Row({ label, value, className }: { label: string; value: ReactNode; className?: string }) {
  return (
    <tr className={className}>
      <td>{label}</td>
      <td>{value}</td>
    </tr>
  );
}

/** A bill made before GST billing (no tax): printed as it always was. */
function BillReceipt({
  bill,
  duplicate,
  upi,
  footer,
}: {
  bill: BillPrint;
  duplicate: boolean;
  upi: ReactNode;
  footer: string | null;
}) {
  const { branch } = bill;
  const at = (iso: string) => formatDisplayDateTime(new Date(iso), branch.timeZone);
  const balance = bill.totalPaise - bill.paidPaise;
  return (
    <article className="tf-paper tf-bill" aria-label={`${BILLING_TEXT.billNo} ${bill.number}`}>
      {duplicate && (
        <div className="tf-bill-mark" role="note">
          {BILLING_TEXT.duplicate}
          <small>{BILLING_TEXT.duplicateNote}</small>
        </div>
      )}
      <h1>{branch.name}</h1>
      {branch.address && <div className="tf-bill-center">{branch.address}</div>}
      {branch.phone && (
        <div className="tf-bill-center">
          {BILLING_TEXT.phone}: {branch.phone}
        </div>
      )}
      {branch.gstin && (
        <div className="tf-bill-center">
          {BILLING_TEXT.gstin}: {branch.gstin}
        </div>
      )}
      <hr />
      <table>
        <tbody>
          <Row label={BILLING_TEXT.billNo} value={bill.number} />
          <Row label={BILLING_TEXT.date} value={at(bill.createdAt)} />
          <Row label={BILLING_TEXT.table} value={bill.tableLabel} />
          {bill.guests !== null && <Row label={BILLING_TEXT.guests} value={bill.guests} />}
        </tbody>
      </table>
      <hr />
      <table>
        <thead>
          <tr>
            <th scope="col">{BILLING_TEXT.item}</th>
            <th scope="col">{BILLING_TEXT.qty}</th>
            <th scope="col">{BILLING_TEXT.amount}</th>
          </tr>
        </thead>
        <tbody>
          {bill.lines.map((line, index) => (
            <tr key={line.productId ?? index}>
              <td>
                {line.name}
                {line.addons.map((addon) => (
                  <small key={addon.id} className="tf-bill-choice">
                    + {addon.name}
                    {addon.pricePaise > 0 && ` (${formatInr(addon.pricePaise)})`}
                  </small>
                ))}
                {line.note && (
                  <small className="tf-bill-choice">
                    {BILLING_TEXT.note}: {line.note}
                  </small>
                )}
                <br />
                <small>@ {formatInr(line.unitPricePaise)}</small>
              </td>
              <td>{line.quantity}</td>
              <td>{formatInr(line.lineTotalPaise)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <hr />
      <table>
        <tbody>
          <Row label={BILLING_TEXT.subtotal} value={formatInr(bill.subtotalPaise)} />
          <Row
            label={`${BILLING_TEXT.discountAmount} (${discountParts(bpsToPercentString(bill.discountBps), bill.discountBps, bill.discountFlatPaise)})`}
            value={`-${formatInr(bill.discountPaise)}`}
          />
          <Row
            className="tf-bill-grand"
            label={BILLING_TEXT.amountDue}
            value={formatInr(bill.totalPaise)}
          />
        </tbody>
      </table>
      <hr />
      <table>
        <tbody>
          <Row
            label={BILLING_TEXT.methodLabel}
            value={paymentMethodParts(bill, bill.payments).map((part, index) => (
              // One part a line on the narrow receipt; the text still reads 'Cash ₹… + UPI ₹…'.
              <span key={part} className="tf-bill-part">
                {index > 0 && ' + '}
                {part}
              </span>
            ))}
          />
          <Row label={BILLING_TEXT.statusLabel} value={bill.status} />
          {bill.responsible && (
            <Row label={BILLING_TEXT.responsibleLabel} value={bill.responsible} />
          )}
          {bill.payments.map((payment) => (
            <Row
              key={payment.id}
              label={`${payment.method}, ${at(payment.receivedAt)}`}
              value={formatInr(payment.amountPaise)}
            />
          ))}
          {bill.status === 'Due' && (
            <Row label={BILLING_TEXT.balanceDue} value={formatInr(balance)} />
          )}
        </tbody>
      </table>
      {upi && <div className="tf-bill-upi">{upi}</div>}
      <BillFooter footer={footer} />
    </article>
  );
}
