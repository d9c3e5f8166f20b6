import type { ReactNode } from 'react';
import { formatDisplayDate, formatDisplayTime, businessDate } from '../../../../shared/dates';
import {
  BILL_HEADINGS,
  COMPOSITION_LEGEND,
  gstRatePercent,
  halfGstRatePercent,
  stateOfGstin,
} from '../../../../shared/gst';
import { bpsToPercentString, formatInr } from '../../../../shared/money';
import { paymentMethodParts } from '../../../../shared/payment-methods';
import type {
  Bill,
  BillLineView,
  BillTax,
  BillPayment,
} from '../../../../shared/schemas/billing.schemas';
import type { TaxProfileView } from '../../../../shared/schemas/tax-profile.schemas';
import { shareFiguresOf, shareLineText } from '../../../../shared/split';
import { discountParts } from '../../../../shared/invoice-text';
import { BILLING_TEXT } from '../billing-text';

/**
 * What a GST bill prints (docs/gst.md; CGST Rules 46 and 49): a tax invoice, a bill of supply or
 * a plain bill after payment, or a provisional bill before it. Every figure comes from the
 * answer (the bill as stored when it was made, or the provisional bill's computeBill figures):
 * nothing is worked out again here, so a reprint years later prints what was printed then.
 * Every name is text React escapes; nothing is set as HTML.
 */
export interface PrintableBill {
  /** null: a provisional bill (before payment, no number). */
  number: string | null;
  /** The instant printed as the bill's date and time. */
  at: string;
  timeZone: string;
  tableLabel: string;
  /** Guests (covers) on the bill; null or absent when not said. */
  guests?: number | null;
  /** The cashier who took the payment (the thermal receipt prints it too). */
  cashier?: string | null;
  /** A part of an equal split: the whole bill's total and, on the last part, the difference. */
  split?: NonNullable<Bill['split']> | null;
  lines: BillLineView[];
  subtotalPaise: number;
  discountBps: number;
  /** The flat ₹ discount besides the percentage (in `discountPaise`); absent: none. */
  discountFlatPaise?: number;
  discountPaise: number;
  totalPaise: number;
  tax: BillTax;
  seller: TaxProfileView;
  buyer: Bill['buyer'];
  /** After payment only. */
  paid: Pick<
    Bill,
    'status' | 'method' | 'responsible' | 'payments' | 'paidPaise' | 'cancellation'
  > | null;
}

const signed = (paise: number) =>
  `${paise > 0 ? '+' : paise < 0 ? '−' : ''}${formatInr(Math.abs(paise))}`;

function Row({
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
function LineRows({ line }: { line: BillLineView }) {
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

function SellerBlock({ seller }: { seller: TaxProfileView }) {
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

function Heading({ bill, duplicate }: { bill: PrintableBill; duplicate: boolean }) {
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

function PaymentsBlock({
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
export function TaxInvoice({
  bill,
  duplicate = false,
  upi,
  footer,
}: {
  bill: PrintableBill;
  duplicate?: boolean;
  /** The UPI QR of the amount to pay (a Due bill's balance, a provisional bill's total). */
  upi?: ReactNode;
  /** The branch's own last lines (Settings → Printers), in place of the thanks. */
  footer?: string | null;
}) {
  const { tax, seller } = bill;
  const regular = tax.regime === 'regular';
  const instant = new Date(bill.at);
  const gstLines = bill.lines.filter((line) => !line.outsideGst);
  const outsideLines = bill.lines.filter((line) => line.outsideGst);
  const buyerState = bill.buyer ? stateOfGstin(bill.buyer.gstin) : null;
  const label = bill.number
    ? `${BILLING_TEXT.billNo} ${bill.number}`
    : `${BILLING_TEXT.provisionalHeading} ${bill.tableLabel}`;
  return (
    <article
      className={`tf-paper tf-bill tf-bill-gst${bill.paid?.cancellation ? ' tf-bill-is-cancelled' : ''}`}
      aria-label={label}
    >
      <Heading bill={bill} duplicate={duplicate} />
      <SellerBlock seller={seller} />
      <hr />
      <table className="tf-bill-facts">
        <tbody>
          {bill.number && <Row label={BILLING_TEXT.billNo} value={bill.number} />}
          <Row
            label={BILLING_TEXT.date}
            value={formatDisplayDate(businessDate(instant, bill.timeZone))}
          />
          <Row label={BILLING_TEXT.time} value={formatDisplayTime(instant, bill.timeZone)} />
          <Row label={BILLING_TEXT.table} value={bill.tableLabel} />
          {bill.cashier && <Row label={BILLING_TEXT.cashier} value={bill.cashier} />}
          {bill.guests != null && <Row label={BILLING_TEXT.guests} value={bill.guests} />}
          {bill.split && (
            <Row
              label={BILLING_TEXT.splitPart}
              value={BILLING_TEXT.partOf(bill.split.part, bill.split.parts)}
            />
          )}
        </tbody>
      </table>
      {bill.buyer && (
        <>
          <hr />
          <section className="tf-bill-buyer" aria-label={BILLING_TEXT.billTo}>
            <div className="tf-bill-subhead">{BILLING_TEXT.billTo}</div>
            <div>{bill.buyer.name}</div>
            <div>
              {BILLING_TEXT.gstin}: {bill.buyer.gstin}
              {buyerState && (
                <span className="tf-bill-nowrap">
                  {' '}
                  ({buyerState.name}, {buyerState.code})
                </span>
              )}
            </div>
            <div className="tf-bill-pre">{bill.buyer.address}</div>
          </section>
        </>
      )}
      <hr />
      <table className="tf-bill-lines">
        <thead>
          <tr>
            <th scope="col">{BILLING_TEXT.itemHsn}</th>
            <th scope="col">{BILLING_TEXT.qty}</th>
            <th scope="col">{BILLING_TEXT.rate}</th>
            <th scope="col">{BILLING_TEXT.amount}</th>
          </tr>
        </thead>
        <tbody>
          {gstLines.map((line, index) => (
            <LineRows key={`${line.productId ?? ''}-${index}`} line={line} />
          ))}
          {outsideLines.length > 0 && (
            <tr className="tf-bill-group">
              <td colSpan={4}>{BILLING_TEXT.outsideGstLines}</td>
            </tr>
          )}
          {outsideLines.map((line, index) => (
            <LineRows key={`out-${line.productId ?? ''}-${index}`} line={line} />
          ))}
        </tbody>
      </table>
      <hr />
      <table className="tf-bill-sums">
        <tbody>
          <Row label={BILLING_TEXT.subtotalLabel} value={formatInr(bill.subtotalPaise)} />
          {bill.discountPaise > 0 && (
            <Row
              label={`${BILLING_TEXT.discountAmount} (${discountParts(bpsToPercentString(bill.discountBps), bill.discountBps, bill.discountFlatPaise ?? 0, ' %')})`}
              value={`−${formatInr(bill.discountPaise)}`}
            />
          )}
          {regular && <Row label={BILLING_TEXT.taxableValue} value={formatInr(tax.taxablePaise)} />}
          {tax.nonGstPaise > 0 && (
            <Row label={BILLING_TEXT.outsideGst} value={formatInr(tax.nonGstPaise)} />
          )}
          {tax.serviceChargePaise > 0 && (
            <Row
              label={BILLING_TEXT.serviceCharge(bpsToPercentString(tax.serviceChargeBps))}
              value={formatInr(tax.serviceChargePaise)}
            />
          )}
          {regular && (
            <>
              <Row label={BILLING_TEXT.cgst} value={formatInr(tax.cgstPaise)} />
              <Row label={BILLING_TEXT.sgst} value={formatInr(tax.sgstPaise)} />
            </>
          )}
          {tax.roundOffPaise !== 0 && (
            <Row label={BILLING_TEXT.roundOff} value={signed(tax.roundOffPaise)} />
          )}
          {(bill.split?.differencePaise ?? 0) !== 0 && (
            <Row
              label={BILLING_TEXT.splitDifference}
              value={signed(bill.split?.differencePaise ?? 0)}
            />
          )}
          <Row
            className="tf-bill-grand"
            label={BILLING_TEXT.grandTotal.toUpperCase()}
            value={formatInr(bill.totalPaise)}
          />
        </tbody>
      </table>
      {bill.split?.totalPaise !== undefined && (
        <p className="tf-bill-note">
          {BILLING_TEXT.splitWhole(bill.split.parts, formatInr(bill.split.totalPaise))}
        </p>
      )}
      {regular && tax.rates.length > 0 && (
        <>
          <hr />
          <div className="tf-bill-subhead">{BILLING_TEXT.taxSummary}</div>
          <table className="tf-bill-taxes">
            <thead>
              <tr>
                <th scope="col">{BILLING_TEXT.gstRate}</th>
                <th scope="col">{BILLING_TEXT.taxable}</th>
                <th scope="col">{BILLING_TEXT.cgst}</th>
                <th scope="col">{BILLING_TEXT.sgst}</th>
              </tr>
            </thead>
            <tbody>
              {tax.rates.map((rate) => (
                <tr key={rate.rateBps}>
                  <td>{gstRatePercent(rate.rateBps)} %</td>
                  <td>{formatInr(rate.taxablePaise)}</td>
                  <td>
                    <span className="tf-bill-rate">{halfGstRatePercent(rate.rateBps)} %</span>
                    {formatInr(rate.cgstPaise)}
                  </td>
                  <td>
                    <span className="tf-bill-rate">{halfGstRatePercent(rate.rateBps)} %</span>
                    {formatInr(rate.sgstPaise)}
                  </td>
                </tr>
              ))}
              <tr className="tf-bill-taxes-total">
                <td>{BILLING_TEXT.totalTax}</td>
                <td />
                <td>{formatInr(tax.cgstPaise)}</td>
                <td>{formatInr(tax.sgstPaise)}</td>
              </tr>
            </tbody>
          </table>
          {tax.serviceChargeRateBps !== null && tax.serviceChargePaise > 0 && (
            <p className="tf-bill-note">
              {BILLING_TEXT.serviceCharge(bpsToPercentString(tax.serviceChargeBps))}{' '}
              {BILLING_TEXT.serviceChargeTax(gstRatePercent(tax.serviceChargeRateBps))}
            </p>
          )}
          {tax.pricesIncludeTax && <p className="tf-bill-note">{BILLING_TEXT.inclusiveNote}</p>}
        </>
      )}
      {bill.paid && (
        <>
          <hr />
          <PaymentsBlock bill={bill} paid={bill.paid} />
        </>
      )}
      {upi && <div className="tf-bill-upi">{upi}</div>}
      {bill.number === null && <p className="tf-bill-thanks">{BILLING_TEXT.provisionalFooter}</p>}
      <BillFooter footer={footer} />
    </article>
  );
}

/** A paid bill (with its tax and seller) as the receipt prints it. */
export function printableOfBill(
  bill: Bill & { tax: BillTax; seller: TaxProfileView },
  timeZone: string,
): PrintableBill {
  return {
    number: bill.number,
    at: bill.createdAt,
    timeZone,
    tableLabel: bill.tableLabel,
    guests: bill.guests,
    cashier: bill.createdBy,
    split: bill.split ?? null,
    lines: bill.lines,
    subtotalPaise: bill.subtotalPaise,
    discountBps: bill.discountBps,
    discountFlatPaise: bill.discountFlatPaise,
    discountPaise: bill.discountPaise,
    totalPaise: bill.totalPaise,
    tax: bill.tax,
    seller: bill.seller,
    buyer: bill.buyer,
    paid: {
      status: bill.status,
      method: bill.method,
      responsible: bill.responsible,
      payments: bill.payments,
      paidPaise: bill.paidPaise,
      cancellation: bill.cancellation,
    },
  };
}

/**
 * The bill's last lines: the branch's own footer (Settings → Printers), else the thanks; the
 * thermal receipt says the same (server/modules/printing/escpos/bill-escpos.ts).
 */
export function BillFooter({ footer }: { footer?: string | null }) {
  return footer ? (
    <p className="tf-bill-footer">{footer}</p>
  ) : (
    <p className="tf-bill-thanks">{BILLING_TEXT.thanks}</p>
  );
}
