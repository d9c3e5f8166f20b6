// The X and Z reports on paper (docs/cash.md, "The X and Z reports"): golden files at both
// widths, and the figures read back from the bytes.
// UPDATE_GOLDEN=1 npx vitest run server/modules/printing/escpos rewrites the golden files.
import { describe, expect, it } from 'vitest';
import type { DayReport } from '../../../../shared/schemas/cash.schemas';
import { dayReportEscpos } from './day-report';
import { REPORT_TIME_ZONE, xReport, zReport } from './day-report.fixtures';
import { dumpEscpos } from './escpos-dump';
import { expectGolden } from './golden.test-support';

const WIDTHS = [32, 48] as const;

const input = (report: DayReport, columns: 32 | 48, copies = 1) => ({
  report,
  columns,
  timeZone: REPORT_TIME_ZONE,
  printedAt: new Date(report.kind === 'Z' ? '2026-11-26T18:06:00.000Z' : report.generatedAt),
  copies,
});

/** The printed lines as one text. */
const printed = (report: DayReport, columns: 32 | 48) =>
  dumpEscpos(dayReportEscpos(input(report, columns)))
    .printed.map((line) => line.text)
    .join('\n');

describe('day report golden files', () => {
  for (const columns of WIDTHS) {
    it(`prints the X report (a shift still open, nothing refunded) at ${columns} columns`, () => {
      expectGolden(`day-report-x-${columns}`, dayReportEscpos(input(xReport, columns)));
    });

    it(`prints the Z report of a closed day (one shift short, one over) at ${columns} columns`, () => {
      expectGolden(`day-report-z-${columns}`, dayReportEscpos(input(zReport, columns)));
    });
  }
});

describe('what a day report prints', () => {
  it('fits the paper, prints Rs. and never the rupee sign, and ends cut', () => {
    for (const columns of WIDTHS) {
      for (const report of [xReport, zReport]) {
        const dump = dumpEscpos(dayReportEscpos(input(report, columns)));
        for (const line of dump.printed) {
          expect(line.columns, `"${line.text}"`).toBeLessThanOrEqual(columns);
        }
        const text = dump.printed.map((line) => line.text).join('\n');
        expect(text).not.toContain('₹');
        expect(text).toContain('Rs. ');
        expect(dump.lines.at(-1)).toBe('[cut]');
        expect(dump.cuts).toBe(1);
      }
    }
  });

  it('heads the Z report with the branch, DAY CLOSE, the date and who closed it when', () => {
    const text = printed(zReport, 48);
    expect(text).toContain('Spice Route Kitchen');
    expect(text).toContain('Z REPORT - DAY CLOSE');
    expect(text).toMatch(/^Business date +Thu 26 Nov 2026$/m);
    expect(text).toMatch(/^Day closed +26 Nov 2026, 11:35 pm$/m);
    expect(text).toMatch(/^Closed by +Meera Iyer$/m);
    expect(text).toMatch(/^Printed +26 Nov 2026, 11:36 pm$/m);
  });

  it('heads the X report with when its figures were read', () => {
    const text = printed(xReport, 32);
    expect(text).toMatch(/^ +X REPORT$/m);
    expect(text).toMatch(/^As of +26 Nov 2026, 6:00 pm$/m);
    expect(text).not.toContain('Day closed');
  });

  it('prints the sales, the tax of each rate, the payments with their counts and the totals', () => {
    const text = printed(zReport, 48);
    expect(text).toMatch(/^Gross sales +Rs\. 48,250\.00$/m);
    expect(text).toMatch(/^Discounts +-Rs\. 1,250\.00$/m);
    expect(text).toMatch(/^Round off +-Rs\. 0\.50$/m);
    expect(text).toMatch(/^Total +Rs\. 52,187\.00$/m);
    expect(text).toMatch(/^GST 5 %$/m);
    expect(text).toMatch(/^CGST 2\.5 % +Rs\. 1,058\.75$/m);
    expect(text).toMatch(/^SGST 9 % +Rs\. 360\.00$/m);
    expect(text).toMatch(/^Outside GST$/m);
    expect(text).toMatch(/^Cash \(38\) +Rs\. 21,450\.00$/m);
    expect(text).toMatch(/^Total received +Rs\. 50,687\.00$/m);
    expect(text).toMatch(/^Created \(2\) +Rs\. 2,000\.00$/m);
    expect(text).toMatch(/^Cancelled bills \(1\) +Rs\. 450\.00$/m);
    expect(text).toMatch(/^Voids \(3, qty 4\) +Rs\. 680\.00$/m);
    expect(text).toMatch(/^First bill +SRK\/2627\/000101$/m);
    expect(text).toMatch(/^64 x Paneer Tikka \(Half\) +Rs\. 17,920\.00$/m);
  });

  it('prints each shift against its count, a difference marked SHORT or OVER', () => {
    const text = printed(zReport, 32);
    expect(text).toMatch(/^Expected +Rs\. 15,350\.00$/m);
    expect(text).toMatch(/^Counted +Rs\. 15,300\.00$/m);
    expect(text).toMatch(/^Difference +Rs\. 50\.00 SHORT$/m);
    expect(text).toMatch(/^Difference +Rs\. 20\.00 OVER$/m);
    expect(text).toMatch(/^Cash outside shifts +Rs\. 250\.00$/m);
    const open = printed(xReport, 32);
    expect(open).toMatch(/^Closed +Still open$/m);
    expect(open).not.toContain('Difference');
  });

  it('says None where nothing happened, and prints each copy whole', () => {
    expect(printed(xReport, 48)).toMatch(/^REFUNDS\nNone$/m);
    expect(dumpEscpos(dayReportEscpos(input(zReport, 48, 3))).cuts).toBe(3);
    expect(() => dayReportEscpos(input(zReport, 48, 0))).toThrow(RangeError);
  });
});
