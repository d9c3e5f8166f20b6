import { paiseToRupeesString } from './money';

/**
 * UPI "pay" links for the QR code on a bill (docs/printing.md, "UPI QR").
 *
 * Source: NPCI, "UPI Linking Specifications" version 1.6 (November 2017), §1.2 "Link
 * Specification and Parameters" and §2.2 "QR Code": the link is `upi://pay?` followed by
 * URL-encoded parameters: `pa` payee address (the VPA, mandatory), `pn` payee name (mandatory),
 * `tr` transaction reference (the merchant's id of the sale), `tn` transaction note, `am` the
 * amount in rupees as a decimal, `cu` the currency (INR, the only one UPI takes). A QR of that
 * link scanned by any UPI app opens its pay screen with those values filled in, so the guest
 * pays the exact sum of the bill and the payment names its bill.
 */

/** Longest VPA we accept (the part before '@' up to 256 characters, the handle up to 64). */
export const MAX_VPA = 255;
/** Longest transaction note the apps show; longer notes are cut. */
export const MAX_UPI_NOTE = 50;

/**
 * A virtual payment address: `name@handle`, the name of letters, digits, '.', '-' and '_', the
 * handle (the payment app's bank) of letters and digits, e.g. `demo.cafe@okhdfcbank`.
 */
export const VPA_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z0-9]{2,64}$/;

export function isValidVpa(value: string): boolean {
  return value.length <= MAX_VPA && VPA_PATTERN.test(value);
}

export interface UpiPayment {
  /** The merchant's VPA (validated with `isValidVpa`). */
  vpa: string;
  /** Whom the guest's app says they pay: the branch's name. */
  payeeName: string;
  /** The exact amount to pay, integer paise (> 0). */
  amountPaise: number;
  /** The bill's number: the reference and the note of the payment. */
  billNumber: string;
}

/**
 * `upi://pay?pa=<VPA>&pn=<name>&am=<amount>&cu=INR&tn=<bill number>&tr=<bill number>`, each
 * value percent-encoded (RFC 3986), the amount with exactly two decimals ('530.00').
 * @throws RangeError when the VPA is malformed or the amount is not a positive whole number of paise.
 */
export function upiPayUri({ vpa, payeeName, amountPaise, billNumber }: UpiPayment): string {
  if (!isValidVpa(vpa)) throw new RangeError('UPI id must look like name@bank');
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) {
    throw new RangeError('A UPI payment needs an amount above zero');
  }
  const params: [string, string][] = [
    ['pa', vpa],
    ['pn', payeeName.trim().slice(0, 99)],
    ['am', paiseToRupeesString(amountPaise)],
    ['cu', 'INR'],
    ['tn', billNumber.slice(0, MAX_UPI_NOTE)],
    ['tr', billNumber],
  ];
  return `upi://pay?${params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}`;
}

/**
 * The note and reference of a payment asked before there is a bill number (the payment modal,
 * the provisional bill): the table's, 'Table T4'.
 */
export function tablePaymentReference(tableLabel: string): string {
  return `Table ${tableLabel}`;
}

/** The parameters of a `upi://pay` link (tests and the QR's check decode with it). */
export function parseUpiPayUri(uri: string): Record<string, string> {
  const prefix = 'upi://pay?';
  if (!uri.startsWith(prefix)) throw new RangeError('Not a UPI pay link');
  const out: Record<string, string> = {};
  for (const pair of uri.slice(prefix.length).split('&')) {
    const at = pair.indexOf('=');
    out[decodeURIComponent(pair.slice(0, at))] = decodeURIComponent(pair.slice(at + 1));
  }
  return out;
}

/** What a bill still owes: a Due bill's total less what was paid; nothing on any other. */
export function amountDuePaise(bill: {
  status: string;
  totalPaise: number;
  paidPaise: number;
}): number {
  return bill.status === 'Due' ? Math.max(0, bill.totalPaise - bill.paidPaise) : 0;
}

/**
 * The QR link a bill prints and shows: its amount due to the branch's UPI id, named by its
 * number; null when the branch has no UPI id or nothing is due.
 */
export function billUpiUri(
  bill: { number: string; status: string; totalPaise: number; paidPaise: number },
  vpa: string | null,
  payeeName: string,
): string | null {
  const due = amountDuePaise(bill);
  if (!vpa || due <= 0) return null;
  return upiPayUri({ vpa, payeeName, amountPaise: due, billNumber: bill.number });
}
