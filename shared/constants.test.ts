import { describe, expect, it } from 'vitest';
import {
  BILL_PAYMENT_METHODS,
  DUES_SETTLE_METHODS,
  EXPORT_FILES,
  PAYMENT_METHODS,
  STOCK_DETAILS_CSV,
} from './constants';
import { businessDate } from './dates';
import { LABELS } from './messages';

describe('payment methods', () => {
  it('stores exactly the methods that the payment modal or the dues popup can record', () => {
    const offered = new Set<string>([...BILL_PAYMENT_METHODS, ...DUES_SETTLE_METHODS]);
    expect(new Set(PAYMENT_METHODS)).toEqual(offered);
  });

  it('does not offer Due as a way to settle a due, but offers it when a bill is paid', () => {
    expect(DUES_SETTLE_METHODS).not.toContain('Due');
    expect(BILL_PAYMENT_METHODS).toContain('Due');
  });
});

describe('export files', () => {
  it("names the payment history export after the business day in India, across the financial year's end", () => {
    const name = (instant: string) =>
      EXPORT_FILES.paymentHistoryReport(businessDate(new Date(instant), 'Asia/Kolkata'));
    // 23:59 IST on 31 March and 00:01 IST on 1 April; both are still 31 March in UTC.
    expect(name('2026-03-31T18:29:00Z')).toBe('payment_history_report_2026-03-31.csv');
    expect(name('2026-03-31T18:31:00Z')).toBe('payment_history_report_2026-04-01.csv');
  });

  it('writes the stock details CSV with the columns the vendor screen shows', () => {
    expect(STOCK_DETAILS_CSV.columns).toEqual(LABELS.vendor.stockColumns);
  });
});
