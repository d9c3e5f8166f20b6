import { formatDisplayDateTime } from '../../../../shared/dates';
import {
  dayReportLayout,
  dayReportValueText,
  type DayReportRow,
} from '../../../../shared/day-report-text';
import { MAX_COPIES } from '../../../../shared/printing';
import type { DayReport } from '../../../../shared/schemas/cash.schemas';
import { printable, row, rupees } from './receipt-text';
import { ReceiptWriter, concatBytes, type Columns } from './receipt-writer';

/**
 * A day's X or Z report on a thermal printer (docs/cash.md, "The X and Z reports"): the branch,
 * the title, the business date and when the figures were read (X) or the day closed (Z), then
 * the sections of shared/day-report-text.ts (the mail's too), each row a label and its value at
 * the right edge, money as Rs. like the bill.
 */

export interface DayReportEscposInput {
  report: DayReport;
  columns: Columns;
  /** The branch's time zone, for every time the report names. */
  timeZone: string;
  /** When it prints. */
  printedAt: Date;
  /** 1–5: the whole report again, each cut. */
  copies: number;
}

/** The report's ESC/POS bytes: `copies` reports, each ending in a cut. */
export function dayReportEscpos(input: DayReportEscposInput): Uint8Array {
  if (!Number.isInteger(input.copies) || input.copies < 1 || input.copies > MAX_COPIES) {
    throw new RangeError(`Copies must be a whole number from 1 to ${MAX_COPIES}`);
  }
  const page = dayReportPage(input);
  return concatBytes(Array.from({ length: input.copies }, () => page));
}

function dayReportPage({ report, columns, timeZone, printedAt }: DayReportEscposInput): Uint8Array {
  const layout = dayReportLayout(report, printedAt);
  const w = new ReceiptWriter(columns);
  const time = (iso: string) => formatDisplayDateTime(new Date(iso), timeZone);
  const rows = (list: readonly DayReportRow[]) => {
    for (const entry of list) {
      const label = printable(entry.label);
      const style = entry.strong ? { bold: true } : {};
      if (entry.value === null) w.paragraph(label, style);
      else {
        const value = printable(dayReportValueText(entry.value, rupees, time));
        w.lines(row(label, value, columns), style);
      }
    }
  };

  w.paragraph(printable(layout.branchName), { align: 'center', bold: true, width: 2, height: 2 });
  w.paragraph(printable(layout.title), { align: 'center', bold: true, height: 2 });
  w.rule();
  rows(layout.facts);
  for (const section of layout.sections) {
    w.rule();
    w.paragraph(printable(section.title).toUpperCase(), { bold: true });
    rows(section.rows);
  }
  w.rule('double');
  return w.cut().encode();
}
