// The blocks of the printed tax invoice: a figure's row, an item's rows, the seller, the heading,
// the payments (tax-invoice.tsx puts them together).
import type { ReactNode } from 'react';
import { formatDisplayDate, formatDisplayTime, businessDate } from '../../../../shared/dates';
import { BILL_HEADINGS, COMPOSITION_LEGEND } from '../../../../shared/gst';
import { formatInr } from '../../../../shared/money';
import { paymentMethodParts } from '../../../../shared/payment-methods';
import type { BillLineView, BillPayment } from '../../../../shared/schemas/billing.schemas';
import type { TaxProfileView } from '../../../../shared/schemas/tax-profile.schemas';
import { shareFiguresOf, shareLineText } from '../../../../shared/split';
import { BILLING_TEXT } from '../billing-text';

/**
 * What a GST bill prints (docs/gst.md; CGST Rules 46 and 49): a tax invoice, a bill of supply or
 * a plain bill after payment, or a provisional bill before it. Every figure comes from the
 * answer (the bill as stored when it was made, or the provisional bill's computeBill figures):
 * nothing is worked out again here, so a reprint years later prints what was printed then.
 * Every name is text React escapes; nothing is set as HTML.
 */
import type { PrintableBill } from './tax-invoice';

export const signed = (paise: number) =>
  `${paise > 0 ? '+' : paise < 0 ? '−' : ''}${formatInr(Math.abs(paise))}`;

export function Row({
  label,
  value,
  className,
}: {
  label: ReactNode;
  value: ReactNode;
  className?: string;
}) {
  return (
    <tr className={className}>
      <td>{label}</td>
      <td>{value}</td>
    </tr>
  );
}

/** A line's name (its variant in brackets), then its add-ons with their prices and its note. */
export function LineRows({ line }: { line: BillLineView }) {
  const share = shareFiguresOf(line);
  return (
    <>
      <tr className="tf-bill-line-name">
        <td colSpan={4}>{line.name}</td>
      </tr>
      {line.addons.map((addon) => (
        <tr key={addon.id} className="tf-bill-line-choice">
          <td colSpan={4}>
            + {addon.name}
            {addon.pricePaise > 0 && ` (${formatInr(addon.pricePaise)})`}
          </td>
        </tr>
      ))}
      {line.note && (
        <tr className="tf-bill-line-choice">
          <td colSpan={4}>
            {BILLING_TEXT.note}: {line.note}
          </td>
        </tr>
      )}
      {line.complimentary && (
        <tr className="tf-bill-line-choice" data-testid="bill-line-complimentary">
          <td colSpan={4}>
            {BILLING_TEXT.complimentary(
              line.complimentary.reason,
              formatInr(line.complimentary.valuePaise),
            )}
          </td>
        </tr>
      )}
      {share && (
        <tr className="tf-bill-line-choice">
          <td colSpan={4}>{shareLineText(line, formatInr)}</td>
        </tr>
      )}
      <tr className="tf-bill-line-figures">
        <td>{line.hsn ?? ''}</td>
        {/* A share of an equal split: its fraction of the order line's amount, not its items. */}
        <td>{share ? share.fraction : line.quantity}</td>
        <td>{formatInr(share ? share.wholePaise : line.unitPricePaise)}</td>
        <td>{formatInr(line.lineTotalPaise)}</td>
      </tr>
    </>
  );
}

export function SellerBlock({ seller }: { seller: TaxProfileView }) {
  return (
    <header className="tf-bill-seller">
      <h1>{seller.tradeName}</h1>
      {seller.legalName && seller.legalName !== seller.tradeName && (
        <div className="tf-bill-center">{seller.legalName}</div>
      )}
      {seller.address && <div className="tf-bill-center">{seller.address}</div>}
      {seller.phone && (
        <div className="tf-bill-center">
          {BILLING_TEXT.phone}: {seller.phone}
        </div>
      )}
      {seller.gstin && (
        <div className="tf-bill-center">
          {BILLING_TEXT.gstin}: {seller.gstin}
          {seller.state && (
            <span className="tf-bill-nowrap">
              {' '}
              ({seller.state.name}, {seller.state.code})
            </span>
          )}
        </div>
      )}
      {seller.fssai && (
        <div className="tf-bill-center">
          {BILLING_TEXT.fssai}: {seller.fssai}
        </div>
      )}
    </header>
  );
}

export function Heading({ bill, duplicate }: { bill: PrintableBill; duplicate: boolean }) {
  const provisional = bill.number === null;
  const cancellation = bill.paid?.cancellation ?? null;
  const at = (iso: string) => {
    const instant = new Date(iso);
    return `${formatDisplayDate(businessDate(instant, bill.timeZone))}, ${formatDisplayTime(instant, bill.timeZone)}`;
  };
  return (
    <>
      {duplicate && (
        <div className="tf-bill-mark" role="note">
          {BILLING_TEXT.duplicate}
          <small>{BILLING_TEXT.duplicateNote}</small>
        </div>
      )}
      {cancellation && (
        <div className="tf-bill-mark tf-bill-mark-cancelled" role="note">
          {BILLING_TEXT.cancelled}
          <small>
            {BILLING_TEXT.cancelledBy(at(cancellation.at), cancellation.by)}: {cancellation.reason}
          </small>
        </div>
      )}
      {provisional ? (
        <div className="tf-bill-heading">
          {BILLING_TEXT.provisionalHeading}
          <small>— {BILLING_TEXT.provisionalNote}</small>
        </div>
      ) : (
        <div className="tf-bill-heading">{BILL_HEADINGS[bill.tax.regime]}</div>
      )}
      {bill.tax.regime === 'composition' && (
        <div className="tf-bill-legend">{COMPOSITION_LEGEND}</div>
      )}
    </>
  );
}

export function PaymentsBlock({
  bill,
  paid,
}: {
  bill: PrintableBill;
  paid: NonNullable<PrintableBill['paid']>;
}) {
  const at = (iso: string) => formatDisplayTime(new Date(iso), bill.timeZone);
  const balance = bill.totalPaise - paid.paidPaise;
  return (
    <table className="tf-bill-payments">
      <tbody>
        <Row
          label={BILLING_TEXT.methodLabel}
          value={paymentMethodParts(
            { method: paid.method, status: paid.status, totalPaise: bill.totalPaise },
            paid.payments,
          ).map((part, index) => (
            <span key={part} className="tf-bill-part">
              {index > 0 && ' + '}
              {part}
            </span>
          ))}
        />
        <Row label={BILLING_TEXT.statusLabel} value={paid.status} />
        {paid.responsible && <Row label={BILLING_TEXT.responsibleLabel} value={paid.responsible} />}
        {paid.payments.map((payment: BillPayment) => (
          <Row
            key={payment.id}
            label={`${payment.method}, ${at(payment.receivedAt)}`}
            value={formatInr(payment.amountPaise)}
          />
        ))}
        {paid.status === 'Due' && (
          <Row label={BILLING_TEXT.balanceDue} value={formatInr(balance)} />
        )}
      </tbody>
    </table>
  );
}

/** A GST bill (tax invoice, bill of supply or bill), or a provisional one, on a receipt. */
