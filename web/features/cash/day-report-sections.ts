import { formatDisplayTime } from '../../../shared/dates';
import { bpsToPercentString, formatInr } from '../../../shared/money';
import type { DayReport, Shift } from '../../../shared/schemas/cash.schemas';

/**
 * The X or Z report as sections of label and value lines: what the Day Close screen shows in
 * cards and the print window prints as a receipt, from one place so both say the same.
 */

export interface ReportLine {
  label: string;
  value: string;
  /** A total: in bold. */
  strong?: boolean;
  /** A detail of the line above: indented. */
  sub?: boolean;
  /** A drawer's difference: short is red, over is orange. */
  tone?: 'short' | 'over';
}

export interface ReportSection {
  key: string;
  title: string;
  lines: ReportLine[];
  /** Said when there are no lines. */
  empty?: string;
}

/** A shift's difference in words: 'Short ₹50.00', 'Over ₹20.00', 'Exact'. */
export function differenceText(differencePaise: number): string {
  if (differencePaise < 0) return `Short ${formatInr(-differencePaise)}`;
  if (differencePaise > 0) return `Over ${formatInr(differencePaise)}`;
  return 'Exact';
}

export function differenceTone(differencePaise: number | null): ReportLine['tone'] {
  if (differencePaise === null || differencePaise === 0) return undefined;
  return differencePaise < 0 ? 'short' : 'over';
}

/** A GST rate's name: '5%', or the two kinds of sales without GST. */
export function rateText(rateBps: number): string {
  if (rateBps === -1) return 'Outside GST';
  if (rateBps === -2) return 'No GST charged';
  return `GST ${bpsToPercentString(rateBps)}%`;
}

/** Half a rate (CGST and SGST each): 500 bps → ' 2.5%'. */
const halfRate = (rateBps: number) => (rateBps > 0 ? ` ${rateBps / 200}%` : '');

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/** '10:05 am – 6:30 pm', or '10:05 am – open'. */
export function shiftTimes(shift: Shift, timeZone: string): string {
  const at = (iso: string) => formatDisplayTime(new Date(iso), timeZone);
  return `${at(shift.openedAt)} – ${shift.closedAt ? at(shift.closedAt) : 'open'}`;
}

function shiftLines(shift: Shift, timeZone: string): ReportLine[] {
  const money = (paise: number | null) => (paise === null ? '—' : formatInr(paise));
  const lines: ReportLine[] = [
    {
      label: `${shift.counterName} (${shiftTimes(shift, timeZone)})`,
      value: shift.status === 'open' ? 'Open' : '',
      strong: true,
    },
    { label: 'Float', value: formatInr(shift.floatPaise), sub: true },
    { label: 'Expected', value: money(shift.expectedPaise), sub: true },
    { label: 'Counted', value: money(shift.countedPaise), sub: true },
  ];
  if (shift.differencePaise !== null) {
    lines.push({
      label: 'Difference',
      value: differenceText(shift.differencePaise),
      sub: true,
      tone: differenceTone(shift.differencePaise),
    });
  }
  return lines;
}

export function dayReportSections(report: DayReport, timeZone: string): ReportSection[] {
  const { sales, dues, cancelled, voids, bills } = report;
  const byMethod = (rows: DayReport['payments']): ReportLine[] => {
    if (rows.length === 0) return [];
    const total = rows.reduce((sum, row) => sum + row.amountPaise, 0);
    return [
      ...rows.map((row) => ({
        label: `${row.method} (${row.count})`,
        value: formatInr(row.amountPaise),
      })),
      { label: 'Total', value: formatInr(total), strong: true },
    ];
  };
  return [
    {
      key: 'sales',
      title: 'Sales',
      lines: [
        { label: 'Gross sales', value: formatInr(sales.grossPaise) },
        { label: 'Discounts', value: formatInr(-sales.discountPaise) },
        { label: 'Net sales', value: formatInr(sales.netPaise) },
        { label: 'Service charge', value: formatInr(sales.serviceChargePaise) },
        { label: 'Tax', value: formatInr(sales.taxPaise) },
        { label: 'Round-off', value: formatInr(sales.roundOffPaise) },
        { label: 'Total', value: formatInr(sales.totalPaise), strong: true },
      ],
    },
    {
      key: 'taxes',
      title: 'Taxes by rate',
      empty: 'No taxed sales',
      lines: report.taxes.flatMap((tax) => [
        { label: `${rateText(tax.rateBps)} on`, value: formatInr(tax.taxablePaise) },
        ...(tax.rateBps > 0
          ? [
              { label: `CGST${halfRate(tax.rateBps)}`, value: formatInr(tax.cgstPaise), sub: true },
              { label: `SGST${halfRate(tax.rateBps)}`, value: formatInr(tax.sgstPaise), sub: true },
            ]
          : []),
      ]),
    },
    {
      key: 'payments',
      title: 'Payments',
      empty: 'No money received',
      lines: byMethod(report.payments),
    },
    { key: 'refunds', title: 'Refunds', empty: 'No refunds', lines: byMethod(report.refunds) },
    {
      key: 'dues',
      title: 'Dues',
      lines: [
        { label: `Created (${dues.createdCount})`, value: formatInr(dues.createdPaise) },
        { label: `Settled (${dues.settledCount})`, value: formatInr(dues.settledPaise) },
      ],
    },
    {
      key: 'cancelled',
      title: 'Cancelled and voids',
      lines: [
        { label: `Cancelled bills (${cancelled.count})`, value: formatInr(cancelled.totalPaise) },
        {
          label: `Voids (${count(voids.count, 'void')}, ${count(voids.quantity, 'item')})`,
          value: formatInr(voids.amountPaise),
        },
      ],
    },
    {
      key: 'bills',
      title: 'Bills and orders',
      lines: [
        { label: 'Bills', value: bills.count.toLocaleString('en-IN') },
        { label: 'First bill', value: bills.firstNumber ?? '—' },
        { label: 'Last bill', value: bills.lastNumber ?? '—' },
        { label: 'KOTs', value: report.kots.toLocaleString('en-IN') },
        { label: 'Covers', value: report.covers.toLocaleString('en-IN') },
      ],
    },
    {
      key: 'top-items',
      title: 'Top items',
      empty: 'Nothing sold',
      lines: report.topItems.map((item) => ({
        label: `${item.name} × ${item.quantity}`,
        value: formatInr(item.revenuePaise),
      })),
    },
    {
      key: 'shifts',
      title: 'Cash drawers',
      lines: [
        ...report.shifts.flatMap((shift) => shiftLines(shift, timeZone)),
        {
          label: 'Cash outside shifts',
          value: formatInr(report.cashOutsideShiftsPaise),
          strong: report.shifts.length > 0,
        },
      ],
    },
  ];
}
