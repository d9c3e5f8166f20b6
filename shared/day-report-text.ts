import { formatDisplayDate } from './dates';
import { gstRatePercent, halfGstRatePercent } from './gst';
import type { DayReport, Shift } from './schemas/cash.schemas';
import { NO_GST_RATE, OUTSIDE_GST_RATE } from './schemas/tax-report.schemas';

/**
 * The X and Z reports' words and order (docs/cash.md, "The X and Z reports"), written once: the
 * report as titled sections of label–value rows, drawn by the thermal printer
 * (server/modules/printing/escpos/day-report.ts, money as Rs.) and by the day-close mail
 * (server/modules/cash/day-report-mail.ts, ₹, text and HTML). Money stays in paise and times
 * stay instants here: each drawing writes them its own way.
 */

export const DAY_REPORT_TEXT = {
  title: { X: 'X REPORT', Z: 'Z REPORT — DAY CLOSE' },
  subject: (kind: DayReport['kind'], branchName: string, date: string) =>
    `${kind} report, ${branchName}, ${date}`,
  businessDate: 'Business date',
  asOf: 'As of',
  dayClosed: 'Day closed',
  closedBy: 'Closed by',
  printed: 'Printed',
  sales: 'Sales',
  gross: 'Gross sales',
  discounts: 'Discounts',
  net: 'Net sales',
  serviceCharge: 'Service charge',
  tax: 'Tax',
  roundOff: 'Round off',
  total: 'Total',
  taxes: 'Tax by rate',
  outsideGst: 'Outside GST',
  noGst: 'No GST charged',
  gstRate: (percent: string) => `GST ${percent} %`,
  taxable: 'Taxable',
  cgst: (percent: string) => `CGST ${percent} %`,
  sgst: (percent: string) => `SGST ${percent} %`,
  payments: 'Payments received',
  totalReceived: 'Total received',
  refunds: 'Refunds',
  totalRefunded: 'Total refunded',
  byMethod: (method: string, count: number) => `${method} (${count})`,
  none: 'None',
  dues: 'Dues',
  duesCreated: (count: number) => `Created (${count})`,
  duesSettled: (count: number) => `Settled (${count})`,
  cancellations: 'Cancelled bills and voids',
  cancelledBills: (count: number) => `Cancelled bills (${count})`,
  voids: (count: number, quantity: number) => `Voids (${count}, qty ${quantity})`,
  activity: 'Bills and orders',
  bills: 'Bills issued',
  firstBill: 'First bill',
  lastBill: 'Last bill',
  kots: 'KOTs',
  covers: 'Covers',
  topItems: 'Top items',
  topItem: (quantity: number, name: string) => `${quantity} x ${name}`,
  shifts: 'Cash drawer shifts',
  noShifts: 'No shifts',
  opened: 'Opened',
  openedBy: 'Opened by',
  closed: 'Closed',
  stillOpen: 'Still open',
  float: 'Float',
  cashReceived: '+ Cash received',
  cashRefunded: '- Cash refunded',
  cashIn: '+ Cash in',
  cashOut: '- Cash out',
  expected: 'Expected',
  counted: 'Counted',
  difference: 'Difference',
  short: 'SHORT',
  over: 'OVER',
  note: 'Note',
  approvedBy: 'Approved by',
  cashOutsideShifts: 'Cash outside shifts',
} as const;

const T = DAY_REPORT_TEXT;

/** A row's value: money (with '+' before a gain, a mark after it) or words. */
export type DayReportValue =
  { paise: number; plus?: boolean; mark?: string } | { text: string } | { time: string };

export interface DayReportRow {
  label: string;
  /** Null: a heading within the section (a shift's counter), or a line on its own ("None"). */
  value: DayReportValue | null;
  /** A total, or a heading. */
  strong?: boolean;
}

export interface DayReportSection {
  title: string;
  rows: DayReportRow[];
}

export interface DayReportLayout {
  branchName: string;
  title: string;
  /** The business date, when the figures were read or the day closed, who closed it. */
  facts: DayReportRow[];
  sections: DayReportSection[];
}

/** '2026-11-26' → 'Thu 26 Nov 2026'. */
export function dayWithWeekday(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).toLocaleDateString('en-IN', {
    weekday: 'short',
    timeZone: 'UTC',
  });
  return `${weekday} ${formatDisplayDate(date)}`;
}

/** The words of a value, money written by `money` (Rs. on paper, ₹ in the mail), times by `time`. */
export function dayReportValueText(
  value: DayReportValue,
  money: (paise: number) => string,
  time: (iso: string) => string,
): string {
  if ('text' in value) return value.text;
  if ('time' in value) return time(value.time);
  const sign = value.plus && value.paise > 0 ? '+' : '';
  return `${sign}${money(value.paise)}${value.mark ? ` ${value.mark}` : ''}`;
}

const money = (paise: number): DayReportValue => ({ paise });
const text = (words: string | number): DayReportValue => ({ text: String(words) });

/** The report as the paper and the mail show it; `printedAt` adds when it was printed. */
export function dayReportLayout(report: DayReport, printedAt?: Date): DayReportLayout {
  const facts: DayReportRow[] = [
    { label: T.businessDate, value: text(dayWithWeekday(report.businessDate)) },
  ];
  if (report.kind === 'Z' && report.closedAt) {
    facts.push({ label: T.dayClosed, value: { time: report.closedAt } });
    if (report.closedBy) facts.push({ label: T.closedBy, value: text(report.closedBy) });
  } else {
    facts.push({ label: T.asOf, value: { time: report.generatedAt } });
  }
  if (printedAt) facts.push({ label: T.printed, value: { time: printedAt.toISOString() } });

  const { sales } = report;
  const sections: DayReportSection[] = [
    {
      title: T.sales,
      rows: [
        row(T.gross, money(sales.grossPaise)),
        row(T.discounts, money(0 - sales.discountPaise)),
        row(T.net, money(sales.netPaise)),
        row(T.serviceCharge, money(sales.serviceChargePaise)),
        row(T.tax, money(sales.taxPaise)),
        row(T.roundOff, { paise: sales.roundOffPaise, plus: true }),
        row(T.total, money(sales.totalPaise), true),
      ],
    },
    { title: T.taxes, rows: orNone(report.taxes.flatMap(taxRows)) },
    {
      title: T.payments,
      rows: methodRows(report.payments, T.totalReceived),
    },
    { title: T.refunds, rows: methodRows(report.refunds, T.totalRefunded) },
    {
      title: T.dues,
      rows: [
        row(T.duesCreated(report.dues.createdCount), money(report.dues.createdPaise)),
        row(T.duesSettled(report.dues.settledCount), money(report.dues.settledPaise)),
      ],
    },
    {
      title: T.cancellations,
      rows: [
        row(T.cancelledBills(report.cancelled.count), money(report.cancelled.totalPaise)),
        row(T.voids(report.voids.count, report.voids.quantity), money(report.voids.amountPaise)),
      ],
    },
    {
      title: T.activity,
      rows: [
        row(T.bills, text(report.bills.count)),
        ...(report.bills.firstNumber ? [row(T.firstBill, text(report.bills.firstNumber))] : []),
        ...(report.bills.lastNumber ? [row(T.lastBill, text(report.bills.lastNumber))] : []),
        row(T.kots, text(report.kots)),
        row(T.covers, text(report.covers)),
      ],
    },
  ];
  if (report.topItems.length > 0) {
    sections.push({
      title: T.topItems,
      rows: report.topItems.map((item) =>
        row(T.topItem(item.quantity, item.name), money(item.revenuePaise)),
      ),
    });
  }
  sections.push({
    title: T.shifts,
    rows: [
      ...(report.shifts.length ? report.shifts.flatMap(shiftRows) : [row(T.noShifts, null)]),
      row(T.cashOutsideShifts, money(report.cashOutsideShiftsPaise), true),
    ],
  });
  return { branchName: report.branchName, title: T.title[report.kind], facts, sections };
}

function row(label: string, value: DayReportValue | null, strong = false): DayReportRow {
  return strong ? { label, value, strong } : { label, value };
}

function orNone(rows: DayReportRow[]): DayReportRow[] {
  return rows.length ? rows : [row(T.none, null)];
}

/** A rate's taxable value, and its CGST and SGST when GST was charged at it. */
function taxRows(tax: DayReport['taxes'][number]): DayReportRow[] {
  if (tax.rateBps === OUTSIDE_GST_RATE || tax.rateBps === NO_GST_RATE) {
    const label = tax.rateBps === OUTSIDE_GST_RATE ? T.outsideGst : T.noGst;
    return [row(label, null, true), row(T.taxable, money(tax.taxablePaise))];
  }
  const half = halfGstRatePercent(tax.rateBps);
  return [
    row(T.gstRate(gstRatePercent(tax.rateBps)), null, true),
    row(T.taxable, money(tax.taxablePaise)),
    row(T.cgst(half), money(tax.cgstPaise)),
    row(T.sgst(half), money(tax.sgstPaise)),
  ];
}

function methodRows(rows: DayReport['payments'], totalLabel: string): DayReportRow[] {
  if (rows.length === 0) return [row(T.none, null)];
  return [
    ...rows.map((entry) => row(T.byMethod(entry.method, entry.count), money(entry.amountPaise))),
    row(totalLabel, money(rows.reduce((total, entry) => total + entry.amountPaise, 0)), true),
  ];
}

/** A shift: its counter, when it opened and closed, and its drawer's count against the bills. */
function shiftRows(shift: Shift): DayReportRow[] {
  const rows: DayReportRow[] = [
    row(shift.counterName, null, true),
    row(T.opened, { time: shift.openedAt }),
  ];
  if (shift.openedBy) rows.push(row(T.openedBy, text(shift.openedBy)));
  if (shift.closedAt) rows.push(row(T.closed, { time: shift.closedAt }));
  else rows.push(row(T.closed, text(T.stillOpen)));
  if (shift.closedBy) rows.push(row(T.closedBy, text(shift.closedBy)));
  rows.push(row(T.float, money(shift.floatPaise)));
  // What the expected cash is made of (docs/cash.md), each line only when it moved.
  const parts: [string, number | null][] = [
    [T.cashReceived, shift.cashReceivedPaise],
    [T.cashRefunded, shift.cashRefundedPaise],
    [T.cashIn, shift.cashInPaise],
    [T.cashOut, shift.cashOutPaise],
  ];
  for (const [label, paise] of parts) if (paise) rows.push(row(label, money(paise)));
  if (shift.expectedPaise !== null) rows.push(row(T.expected, money(shift.expectedPaise)));
  if (shift.countedPaise !== null) rows.push(row(T.counted, money(shift.countedPaise)));
  if (shift.differencePaise !== null) {
    const difference = shift.differencePaise;
    const mark = difference < 0 ? T.short : difference > 0 ? T.over : undefined;
    rows.push(
      row(
        T.difference,
        mark ? { paise: Math.abs(difference), mark } : { paise: 0 },
        difference !== 0,
      ),
    );
  }
  if (shift.approvedBy) rows.push(row(T.approvedBy, text(shift.approvedBy)));
  if (shift.note) rows.push(row(T.note, text(shift.note)));
  return rows;
}
