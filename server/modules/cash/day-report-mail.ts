import {
  DAY_REPORT_TEXT,
  dayReportLayout,
  dayReportValueText,
  dayWithWeekday,
  type DayReportRow,
} from '../../../shared/day-report-text';
import { formatInr } from '../../../shared/money';
import type { DayReport } from '../../../shared/schemas/cash.schemas';
import { mailTime } from '../../mail/mail-format';

/**
 * The day's report as a mail to the branch's managers (docs/cash.md, "A closed day stays
 * closed"): the sections of the printed report (shared/day-report-text.ts), money in ₹, times
 * with their zone. The text is one row a line ("Gross sales: ₹48,250.00"); the HTML is the same
 * rows in simple tables, every text escaped.
 */

export interface DayReportMail {
  subject: string;
  text: string;
  html: string;
}

export function dayReportMail(report: DayReport, timeZone: string): DayReportMail {
  const layout = dayReportLayout(report);
  const valueOf = (row: DayReportRow) =>
    row.value === null
      ? null
      : dayReportValueText(row.value, formatInr, (iso) => mailTime(new Date(iso), timeZone));
  const subject = DAY_REPORT_TEXT.subject(
    report.kind,
    report.branchName,
    dayWithWeekday(report.businessDate),
  );

  const textRow = (row: DayReportRow) => {
    const value = valueOf(row);
    return value === null ? row.label : `${row.label}: ${value}`;
  };
  const text = [
    layout.title,
    layout.branchName,
    ...layout.facts.map(textRow),
    ...layout.sections.flatMap((section) => [
      '',
      section.title.toUpperCase(),
      ...section.rows.map(textRow),
    ]),
  ].join('\n');

  const htmlRow = (row: DayReportRow) => {
    const value = valueOf(row);
    const strong = (content: string) => (row.strong ? `<strong>${content}</strong>` : content);
    if (value === null) return `<tr><td colspan="2">${strong(escapeHtml(row.label))}</td></tr>`;
    return (
      `<tr><td>${strong(escapeHtml(row.label))}</td>` +
      `<td style="text-align:right;padding-left:24px">${strong(escapeHtml(value))}</td></tr>`
    );
  };
  const table = (rows: readonly DayReportRow[]) =>
    `<table style="border-collapse:collapse">\n${rows.map(htmlRow).join('\n')}\n</table>`;
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#111">',
    `<h1 style="font-size:20px;margin:0">${escapeHtml(layout.title)}</h1>`,
    `<p style="margin:4px 0 12px"><strong>${escapeHtml(layout.branchName)}</strong></p>`,
    table(layout.facts),
    ...layout.sections.map(
      (section) =>
        `<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(section.title)}</h2>${table(section.rows)}`,
    ),
    '</body></html>',
  ].join('\n');

  return { subject, text, html };
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML shows it, never as markup. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}
