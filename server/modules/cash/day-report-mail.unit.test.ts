import { describe, expect, it } from 'vitest';
import { dayReportLayout } from '../../../shared/day-report-text';
import { REPORT_TIME_ZONE, xReport, zReport } from '../printing/escpos/day-report.fixtures';
import { dayReportMail } from './day-report-mail';

describe('the day report mail', () => {
  it('names the report, the branch and the day in its subject', () => {
    expect(dayReportMail(zReport, REPORT_TIME_ZONE).subject).toBe(
      'Z report, Spice Route Kitchen, Thu 26 Nov 2026',
    );
    expect(dayReportMail(xReport, REPORT_TIME_ZONE).subject).toBe(
      'X report, Spice Route Kitchen, Thu 26 Nov 2026',
    );
  });

  it('writes each figure on a line of its own, money in rupees and times with their zone', () => {
    const { text } = dayReportMail(zReport, REPORT_TIME_ZONE);
    const lines = text.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'Z REPORT — DAY CLOSE',
      'Spice Route Kitchen',
      'Business date: Thu 26 Nov 2026',
    ]);
    expect(lines).toContain('Day closed: 26 Nov 2026, 11:35 pm IST');
    expect(lines).toContain('Closed by: Meera Iyer');
    expect(lines).toContain('Gross sales: ₹48,250.00');
    expect(lines).toContain('Discounts: -₹1,250.00');
    expect(lines).toContain('Round off: -₹0.50');
    expect(lines).toContain('Total: ₹52,187.00');
    expect(lines).toContain('CGST 2.5 %: ₹1,058.75');
    expect(lines).toContain('Outside GST');
    expect(lines).toContain('UPI (25): ₹18,937.00');
    expect(lines).toContain('Cash (1): ₹450.00');
    expect(lines).toContain('Settled (1): ₹500.00');
    expect(lines).toContain('Last bill: SRK/2627/000177');
    expect(lines).toContain('150 x Butter Naan: ₹9,000.00');
    expect(lines).toContain('Opened: 26 Nov 2026, 9:00 am IST');
    expect(lines).toContain('Difference: ₹50.00 SHORT');
    expect(lines).toContain('Difference: ₹20.00 OVER');
    expect(lines).toContain('Cash outside shifts: ₹250.00');
    expect(text).not.toContain('Rs.');
  });

  it('holds the same sections as the printed report, in text and in HTML', () => {
    for (const report of [xReport, zReport]) {
      const mail = dayReportMail(report, REPORT_TIME_ZONE);
      const titles = dayReportLayout(report).sections.map((section) => section.title);
      expect(titles.length).toBeGreaterThan(5);
      for (const title of titles) {
        expect(mail.text.split('\n')).toContain(title.toUpperCase());
        expect(mail.html).toContain(`>${title}</h2>`);
      }
    }
    const open = dayReportMail(xReport, REPORT_TIME_ZONE);
    expect(open.text).toContain('As of: 26 Nov 2026, 6:00 pm IST');
    expect(open.text).toContain('Closed: Still open');
    expect(open.text).toMatch(/^REFUNDS\nNone$/m);
  });

  it('escapes every text of the HTML: names and notes are never markup', () => {
    const report = {
      ...zReport,
      branchName: 'Tom & Jerry’s <Cafe>',
      closedBy: '"Boss" <b>',
      topItems: [{ name: '<img src=x onerror=alert(1)>', quantity: 1, revenuePaise: 100 }],
      shifts: [{ ...zReport.shifts[0]!, note: "</td><script>alert('x')</script>" }],
    };
    const { html, subject } = dayReportMail(report, REPORT_TIME_ZONE);
    expect(subject).toBe('Z report, Tom & Jerry’s <Cafe>, Thu 26 Nov 2026');
    expect(html).toContain('Tom &amp; Jerry’s &lt;Cafe&gt;');
    expect(html).toContain('&quot;Boss&quot; &lt;b&gt;');
    expect(html).toContain('1 x &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;/td&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;');
    expect(html).not.toMatch(/<script|<img|<b>|<Cafe>/);
    expect(html).toContain(
      '<td style="text-align:right;padding-left:24px"><strong>₹52,187.00</strong></td>',
    );
  });
});
