import type { ReactNode } from 'react';
import { formatDisplayDate, formatDisplayTime, businessDate } from '../../../../shared/dates';
import { gstRatePercent, halfGstRatePercent, stateOfGstin } from '../../../../shared/gst';
import { bpsToPercentString, formatInr } from '../../../../shared/money';
import type { Bill, BillLineView, BillTax } from '../../../../shared/schemas/billing.schemas';
import type { TaxProfileView } from '../../../../shared/schemas/tax-profile.schemas';
import { discountParts } from '../../../../shared/invoice-text';
import { BILLING_TEXT } from '../billing-text';
import { Heading, LineRows, PaymentsBlock, Row, SellerBlock, signed } from './tax-invoice-parts';

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
