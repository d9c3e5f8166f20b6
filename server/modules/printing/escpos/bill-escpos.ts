import {
  businessDate,
  formatDisplayDate,
  formatDisplayDateTime,
  formatDisplayTime,
} from '../../../../shared/dates';
import {
  BILL_HEADINGS,
  COMPOSITION_LEGEND,
  gstRatePercent,
  halfGstRatePercent,
  stateOfGstin,
} from '../../../../shared/gst';
import { bpsToPercentString, rupeesToPaise } from '../../../../shared/money';
import { paymentMethodParts } from '../../../../shared/payment-methods';
import { MAX_COPIES } from '../../../../shared/printing';
import type { BillLineView, BillPrint, BillTax } from '../../../../shared/schemas/billing.schemas';
import type { TaxProfileView } from '../../../../shared/schemas/tax-profile.schemas';
import { parseUpiPayUri } from '../../../../shared/upi';
import {
  amount,
  printable,
  printableLines,
  right,
  row,
  rupees,
  signedAmount,
  wrap,
} from './receipt-text';
import { ReceiptWriter, concatBytes, largeStyle, type Columns } from './receipt-writer';
import { INVOICE_TEXT, discountParts } from '../../../../shared/invoice-text';
import { shareFiguresOf, shareLineText } from '../../../../shared/split';

/**
 * A bill on a thermal printer (docs/printing.md, "ESC/POS"): the same facts as the HTML tax
 * invoice (web/features/billing/components/tax-invoice.tsx, and bill-print-page.tsx's receipt
 * for a bill made before GST billing), drawn from what the bill stored, never worked out again.
 */

export interface BillEscposInput {
  /** The bill with the branch's details (name, address, phone, GSTIN, time zone). */
  bill: BillPrint;
  columns: Columns;
  /** A reprint: DUPLICATE at the top. */
  reprint: boolean;
  /** Kick the cash drawer (once, before the first copy's cut). */
  openDrawer: boolean;
  /** The bill's `upi://pay` link (shared/upi.ts billUpiUri): a QR and "Scan to pay Rs. X via UPI". */
  upiUri: string | null;
  /** The branch's footer (may hold newlines), centred; null prints the thanks line. */
  footer: string | null;
  /** 1–5: the whole receipt again, each cut. */
  copies: number;
}

/** What the receipt says (the HTML bill's words: web/features/billing/billing-text.ts). */
export const BILL_RECEIPT_TEXT = {
  ...INVOICE_TEXT,
  guests: 'Guests',
  splitPart: 'Equal split',
  partOf: (part: number, parts: number) => `Part ${part} of ${parts}`,
  itemHeadings: ['Item / HSN/SAC', 'Item/HSN', 'Item'],
  item: 'Item',
  qtyRate: 'Qty x Rate',
  amount: 'Amount',
  note: 'Note',
  subtotal: 'Subtotal',
  legacySubtotal: 'Total',
  discount: (parts: string) => `Discount (${parts})`,
  grandTotal: 'GRAND TOTAL',
  gstRate: (rate: string) => `GST ${rate} % taxable`,
  half: (tax: string, rate: string) => `  ${tax} ${rate} %`,
  method: 'Method',
  status: 'Status',
  responsible: 'Responsible',
  scanToPay: (rupeesText: string) => `Scan to pay ${rupeesText} via UPI`,
  thanks: ['Thank you for dining with us!', 'Please visit again.'],
} as const;

const T = BILL_RECEIPT_TEXT;

/** The bill's ESC/POS bytes: `copies` receipts, each ending in a cut. */
export function billEscpos(input: BillEscposInput): Uint8Array {
  if (!Number.isInteger(input.copies) || input.copies < 1 || input.copies > MAX_COPIES) {
    throw new RangeError(`Copies must be a whole number from 1 to ${MAX_COPIES}`);
  }
  const receipts: Uint8Array[] = [];
  for (let copy = 0; copy < input.copies; copy += 1) {
    receipts.push(billReceipt(input, input.openDrawer && copy === 0));
  }
  return concatBytes(receipts);
}

function billReceipt(input: BillEscposInput, pulse: boolean): Uint8Array {
  const { bill } = input;
  const w = new ReceiptWriter(input.columns);
  const zone = bill.branch.timeZone;
  if (input.reprint) {
    w.line(` ${T.duplicate} `, { align: 'center', bold: true, invert: true, width: 2, height: 2 });
    w.paragraph(T.duplicateNote, { align: 'center' });
  }
  if (bill.cancellation) {
    const { at, by, reason } = bill.cancellation;
    w.line(` ${T.cancelled} `, { align: 'center', bold: true, invert: true, width: 2, height: 2 });
    w.paragraph(
      printable(`${T.cancelledBy(formatDisplayDateTime(new Date(at), zone), by)}: ${reason}`),
      {
        align: 'center',
      },
    );
  }
  if (bill.tax && bill.seller) gstBill(w, { ...bill, tax: bill.tax, seller: bill.seller }, zone);
  else legacyBill(w, bill, zone);
  if (input.upiUri) upiBlock(w, input.upiUri);
  w.blank();
  const footer = input.footer === null ? [] : printableLines(input.footer);
  for (const line of footer.length ? footer : T.thanks) w.paragraph(line, { align: 'center' });
  if (pulse) w.pulse();
  return w.cut().encode();
}

type GstBill = BillPrint & { tax: BillTax; seller: TaxProfileView };

/** A tax invoice, bill of supply or bill (tax-invoice.tsx). */
function gstBill(w: ReceiptWriter, bill: GstBill, zone: string): void {
  const { tax, seller } = bill;
  const columns = w.columns;
  w.line(BILL_HEADINGS[tax.regime], { align: 'center', bold: true, height: 2 });
  if (tax.regime === 'composition')
    w.paragraph(COMPOSITION_LEGEND, { align: 'center', bold: true });
  sellerBlock(w, seller);

  w.rule();
  const instant = new Date(bill.createdAt);
  w.lines(row(T.billNo, printable(bill.number), columns));
  w.lines(row(T.date, printable(formatDisplayDate(businessDate(instant, zone))), columns));
  w.lines(row(T.time, printable(formatDisplayTime(instant, zone)), columns));
  factsAfterDate(w, bill);

  if (bill.buyer) {
    const state = stateOfGstin(bill.buyer.gstin);
    w.rule();
    w.line(T.billTo, { bold: true });
    w.paragraph(printable(bill.buyer.name));
    w.paragraph(
      printable(`${T.gstin}: ${bill.buyer.gstin}${state ? ` (${state.name}, ${state.code})` : ''}`),
    );
    for (const line of printableLines(bill.buyer.address)) w.paragraph(line);
  }

  itemsAndTotals(w, { ...bill, tax });

  paymentsBlock(w, bill, (iso) => printable(formatDisplayTime(new Date(iso), zone)));
}

/** The figures a GST bill and a provisional bill both print: a bill's shape without its number. */
export type BillFigures = Pick<
  BillPrint,
  'lines' | 'subtotalPaise' | 'discountBps' | 'discountPaise' | 'totalPaise'
> & {
  tax: BillTax;
  /** A bill's flat ₹ discount (a provisional bill has none). */
  discountFlatPaise?: number;
  /** A part of an equal split: its difference and the whole it adds up to (a bill's only). */
  split?: BillPrint['split'];
};

/** The item lines, the totals down to the grand total, and the tax summary of a tax invoice. */
export function itemsAndTotals(w: ReceiptWriter, bill: BillFigures): void {
  const { tax } = bill;
  const regular = tax.regime === 'regular';
  const columns = w.columns;
  const layout = lineLayout(bill.lines, columns, true);
  w.rule();
  w.line(layout.header, { bold: true });
  w.rule();
  for (const line of bill.lines.filter((line) => !line.outsideGst)) w.lines(layout.block(line));
  const outside = bill.lines.filter((line) => line.outsideGst);
  if (outside.length) {
    w.paragraph(T.outsideGstLines, { bold: true });
    for (const line of outside) w.lines(layout.block(line));
  }

  w.rule();
  w.lines(row(T.subtotal, amount(bill.subtotalPaise), columns));
  if (bill.discountPaise > 0) {
    w.lines(
      row(
        T.discount(
          discountParts(
            bpsToPercentString(bill.discountBps),
            bill.discountBps,
            bill.discountFlatPaise ?? 0,
            ' %',
          ),
        ),
        `-${amount(bill.discountPaise)}`,
        columns,
      ),
    );
  }
  if (regular) w.lines(row(T.taxableValue, amount(tax.taxablePaise), columns));
  if (tax.nonGstPaise > 0) w.lines(row(T.outsideGst, amount(tax.nonGstPaise), columns));
  if (tax.serviceChargePaise > 0) {
    w.lines(
      row(
        T.serviceCharge(bpsToPercentString(tax.serviceChargeBps)),
        amount(tax.serviceChargePaise),
        columns,
      ),
    );
  }
  if (regular) {
    w.lines(row(T.cgst, amount(tax.cgstPaise), columns));
    w.lines(row(T.sgst, amount(tax.sgstPaise), columns));
  }
  if (tax.roundOffPaise !== 0) w.lines(row(T.roundOff, signedAmount(tax.roundOffPaise), columns));
  const difference = bill.split?.differencePaise ?? 0;
  if (difference !== 0) w.lines(row(T.splitDifference, signedAmount(difference), columns));
  grandTotal(w, T.grandTotal, bill.totalPaise);
  if (bill.split?.totalPaise !== undefined) {
    w.paragraph(T.splitWhole(bill.split.parts, rupees(bill.split.totalPaise)));
  }

  if (regular && tax.rates.length > 0) {
    w.rule();
    w.line(T.taxSummary, { bold: true });
    for (const rate of tax.rates) {
      const half = halfGstRatePercent(rate.rateBps);
      w.lines(row(T.gstRate(gstRatePercent(rate.rateBps)), amount(rate.taxablePaise), columns));
      w.lines(row(T.half(T.cgst, half), amount(rate.cgstPaise), columns));
      w.lines(row(T.half(T.sgst, half), amount(rate.sgstPaise), columns));
    }
    w.lines(row(T.totalTax, amount(tax.cgstPaise + tax.sgstPaise), columns));
    if (tax.serviceChargeRateBps !== null && tax.serviceChargePaise > 0) {
      w.paragraph(
        `${T.serviceCharge(bpsToPercentString(tax.serviceChargeBps))} ${T.serviceChargeTax(gstRatePercent(tax.serviceChargeRateBps))}`,
      );
    }
    if (tax.pricesIncludeTax) w.paragraph(T.inclusiveNote);
  }
}

/** A bill made before GST billing: as bill-print-page.tsx's receipt prints it. */
function legacyBill(w: ReceiptWriter, bill: BillPrint, zone: string): void {
  const { branch } = bill;
  const columns = w.columns;
  const at = (iso: string) => printable(formatDisplayDateTime(new Date(iso), zone));
  w.paragraph(printable(branch.name), { align: 'center', bold: true, width: 2, height: 2 });
  for (const line of branch.address ? printableLines(branch.address) : []) {
    w.paragraph(line, { align: 'center' });
  }
  if (branch.phone) w.paragraph(printable(`${T.phone}: ${branch.phone}`), { align: 'center' });
  if (branch.gstin) w.paragraph(printable(`${T.gstin}: ${branch.gstin}`), { align: 'center' });

  w.rule();
  w.lines(row(T.billNo, printable(bill.number), columns));
  w.lines(row(T.date, at(bill.createdAt), columns));
  factsAfterDate(w, bill);

  const layout = lineLayout(bill.lines, columns, false);
  w.rule();
  w.line(layout.header, { bold: true });
  w.rule();
  for (const line of bill.lines) w.lines(layout.block(line));

  w.rule();
  w.lines(row(T.legacySubtotal, amount(bill.subtotalPaise), columns));
  w.lines(
    row(
      T.discount(
        discountParts(
          bpsToPercentString(bill.discountBps),
          bill.discountBps,
          bill.discountFlatPaise,
          ' %',
        ),
      ),
      `-${amount(bill.discountPaise)}`,
      columns,
    ),
  );
  grandTotal(w, T.amountDue, bill.totalPaise);
  paymentsBlock(w, bill, at);
}

export function sellerBlock(w: ReceiptWriter, seller: TaxProfileView): void {
  w.paragraph(printable(seller.tradeName), { align: 'center', bold: true, width: 2, height: 2 });
  if (seller.legalName && seller.legalName !== seller.tradeName) {
    w.paragraph(printable(seller.legalName), { align: 'center' });
  }
  for (const line of seller.address ? printableLines(seller.address) : []) {
    w.paragraph(line, { align: 'center' });
  }
  if (seller.phone) w.paragraph(printable(`${T.phone}: ${seller.phone}`), { align: 'center' });
  if (seller.gstin) {
    const state = seller.state ? ` (${seller.state.name}, ${seller.state.code})` : '';
    w.paragraph(printable(`${T.gstin}: ${seller.gstin}${state}`), { align: 'center' });
  }
  if (seller.fssai) w.paragraph(printable(`${T.fssai}: ${seller.fssai}`), { align: 'center' });
}

/** Table, cashier, guests and the part of an equal split. */
function factsAfterDate(w: ReceiptWriter, bill: BillPrint): void {
  const columns = w.columns;
  w.lines(row(T.table, printable(bill.tableLabel), columns));
  if (bill.createdBy) w.lines(row(T.cashier, printable(bill.createdBy), columns));
  if (bill.guests != null) w.lines(row(T.guests, String(bill.guests), columns));
  if (bill.split) {
    w.lines(row(T.splitPart, T.partOf(bill.split.part, bill.split.parts), columns));
  }
}

export function grandTotal(w: ReceiptWriter, label: string, paise: number): void {
  const style = { ...largeStyle(w.columns), bold: true };
  w.lines(row(label, rupees(paise), w.widthIn(style)), style);
}

/** The payments (tax-invoice.tsx PaymentsBlock): method, status, who owes, each payment, the balance. */
function paymentsBlock(w: ReceiptWriter, bill: BillPrint, at: (iso: string) => string): void {
  const columns = w.columns;
  const parts = paymentMethodParts(
    { method: bill.method, status: bill.status, totalPaise: bill.totalPaise },
    bill.payments,
  ).map(printable);
  w.rule();
  w.lines(row(T.method, parts[0] ?? bill.method, columns));
  for (const part of parts.slice(1)) w.line(right(`+ ${part}`, columns));
  w.lines(row(T.status, bill.status, columns));
  if (bill.responsible) w.lines(row(T.responsible, printable(bill.responsible), columns));
  for (const payment of bill.payments) {
    w.lines(
      row(`${payment.method}, ${at(payment.receivedAt)}`, rupees(payment.amountPaise), columns),
    );
  }
  if (bill.status === 'Due') {
    w.lines(row(T.balanceDue, rupees(bill.totalPaise - bill.paidPaise), columns), { bold: true });
  }
}

/** The QR of the amount due and the line that says what it pays. */
export function upiBlock(w: ReceiptWriter, upiUri: string): void {
  const am = parseUpiPayUri(upiUri).am;
  if (!am) throw new RangeError('The UPI link has no amount');
  w.rule();
  w.paragraph(T.scanToPay(rupees(rupeesToPaise(am))), { align: 'center', bold: true });
  w.qrcode(upiUri);
}

interface LineLayout {
  header: string;
  block(line: BillLineView): string[];
}

/**
 * The item lines: the name wrapped to the paper, the variant (when the name does not say it),
 * add-ons and note indented under it, then the HSN/SAC at the left and "qty x rate" and the
 * amount in right-aligned columns as wide as the bill's widest figures.
 */
function lineLayout(lines: readonly BillLineView[], columns: number, withHsn: boolean): LineLayout {
  // A share of an equal split prints its fraction of the order line's amount, not its items.
  const qtyRate = (line: BillLineView) => {
    const share = shareFiguresOf(line);
    return share
      ? `${share.fraction} x ${amount(share.wholePaise)}`
      : `${line.quantity} x ${amount(line.unitPricePaise)}`;
  };
  const rateWidth = Math.max(T.qtyRate.length, ...lines.map((line) => qtyRate(line).length));
  const amountWidth = Math.max(
    T.amount.length,
    ...lines.map((line) => amount(line.lineTotalPaise).length),
  );
  const figuresWidth = rateWidth + 2 + amountWidth;
  const figures = (rate: string, total: string) =>
    `${right(rate, rateWidth)}  ${right(total, amountWidth)}`;
  const labelRoom = columns - figuresWidth - 1;
  const label = withHsn
    ? (T.itemHeadings.find((text) => text.length <= labelRoom) ?? T.item)
    : T.item;
  const header =
    label.length <= labelRoom
      ? label + ' '.repeat(columns - label.length - figuresWidth) + figures(T.qtyRate, T.amount)
      : right(figures(T.qtyRate, T.amount), columns);
  const detail = (text: string) =>
    wrap(printable(text), columns, { indent: '  ', hanging: '    ' });

  return {
    header,
    block(line) {
      const out = wrap(printable(line.name), columns, { hanging: '  ' });
      if (line.variantName && !line.name.includes(`(${line.variantName})`)) {
        out.push(...detail(line.variantName));
      }
      for (const addon of line.addons) {
        out.push(
          ...detail(
            `+ ${addon.name}${addon.pricePaise > 0 ? ` (${rupees(addon.pricePaise)})` : ''}`,
          ),
        );
      }
      if (line.note) out.push(...detail(`${T.note}: ${line.note}`));
      if (line.complimentary) {
        const { reason, valuePaise } = line.complimentary;
        out.push(...detail(T.complimentary(reason, rupees(valuePaise))));
      }
      const share = shareLineText(line, amount);
      if (share) out.push(...detail(share));
      const hsn = withHsn && line.hsn ? printable(line.hsn) : '';
      const total = amount(line.lineTotalPaise);
      if (figuresWidth > columns) {
        // Figures wider than the paper (a huge quantity or price): each on its own line.
        if (hsn) out.push(hsn);
        out.push(right(qtyRate(line), columns), right(total, columns));
      } else if (!hsn && out.length === 1 && out[0]!.length + 1 + figuresWidth <= columns) {
        // A one-line name with nothing under it and no HSN/SAC: its figures beside it.
        out[0] = out[0]! + right(figures(qtyRate(line), total), columns - out[0]!.length);
      } else if (hsn && hsn.length + 1 + figuresWidth > columns) {
        out.push(hsn, right(figures(qtyRate(line), total), columns));
      } else {
        out.push(hsn + right(figures(qtyRate(line), total), columns - hsn.length));
      }
      return out;
    },
  };
}
