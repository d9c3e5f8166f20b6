import {
  DAY_REPORT_TEXT,
  dayReportLayout,
  dayReportValueText,
  type DayReportRow,
} from '../../../shared/day-report-text';
import { formatDisplayDateTime, formatDisplayTime } from '../../../shared/dates';
import { formatInr } from '../../../shared/money';
import type { DayReport } from '../../../shared/schemas/cash.schemas';

/**
 * The X or Z report as the Day Close screen shows it in cards and the print window prints it:
 * the sections and words of shared/day-report-text.ts (the printer's paper and the mail say the
 * same), with ₹ amounts and times on the branch's clock.
 */

export interface ReportLine {
  label: string;
  value: string;
  /** A total or a heading (a shift's counter): in bold. */
  strong?: boolean;
  /** A drawer's difference: short is red, over is orange. */
  tone?: 'short' | 'over';
  /** Words (a name, a note) that may wrap, unlike amounts and times. */
  words?: boolean;
}

export interface ReportSection {
  key: string;
  title: string;
  lines: ReportLine[];
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

function lineOf(row: DayReportRow, time: (iso: string) => string): ReportLine {
  const { value } = row;
  const mark = value && 'mark' in value ? value.mark : undefined;
  const tone =
    mark === DAY_REPORT_TEXT.short ? 'short' : mark === DAY_REPORT_TEXT.over ? 'over' : undefined;
  return {
    label: row.label,
    value: value ? dayReportValueText(value, formatInr, time) : '',
    ...(row.strong ? { strong: true } : {}),
    ...(tone ? { tone } : {}),
    ...(value && 'text' in value ? { words: true } : {}),
  };
}

const keyOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** The business date, when the figures were read (X) or the day closed (Z), who closed it. */
export function dayReportFacts(report: DayReport, timeZone: string): ReportLine[] {
  const time = (iso: string) => formatDisplayDateTime(new Date(iso), timeZone);
  return dayReportLayout(report).facts.map((row) => lineOf(row, time));
}

export function dayReportSections(report: DayReport, timeZone: string): ReportSection[] {
  const time = (iso: string) => formatDisplayTime(new Date(iso), timeZone);
  return dayReportLayout(report).sections.map((section) => ({
    key: keyOf(section.title),
    title: section.title,
    lines: section.rows.map((row) => lineOf(row, time)),
  }));
}
