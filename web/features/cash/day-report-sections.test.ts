import { describe, expect, it } from 'vitest';
import { emptyCount } from '../../../shared/cash';
import type { DayReport, Shift } from '../../../shared/schemas/cash.schemas';
import { dayReportFacts, dayReportSections, differenceText } from './day-report-sections';

const shift: Shift = {
  id: 's1',
  counterId: 'c1',
  counterName: 'Counter 1',
  businessDate: '2026-11-26',
  status: 'closed',
  openedAt: '2026-11-26T04:30:00.000Z',
  openedBy: 'Anil',
  openingCount: emptyCount(),
  floatPaise: 200_000,
  cashReceivedPaise: 53_000,
  cashRefundedPaise: 0,
  cashInPaise: 0,
  cashOutPaise: 15_000,
  expectedPaise: 238_000,
  closedAt: '2026-11-26T13:00:00.000Z',
  closedBy: 'Anil',
  closingCount: emptyCount(),
  countedPaise: 233_000,
  differencePaise: -5_000,
  note: 'Change given twice',
  approvedBy: null,
  entries: [],
};

const report: DayReport = {
  kind: 'Z',
  businessDate: '2026-11-26',
  branchName: 'Demo Cafe',
  generatedAt: '2026-11-26T13:05:00.000Z',
  closedAt: '2026-11-26T13:05:00.000Z',
  closedBy: 'Anil',
  sales: {
    grossPaise: 100_000,
    discountPaise: 0,
    netPaise: 100_000,
    serviceChargePaise: 0,
    taxPaise: 5_000,
    roundOffPaise: 0,
    totalPaise: 105_000,
  },
  taxes: [{ rateBps: 500, taxablePaise: 100_000, cgstPaise: 2_500, sgstPaise: 2_500 }],
  payments: [
    { method: 'Cash', count: 1, amountPaise: 53_000 },
    { method: 'UPI', count: 1, amountPaise: 52_000 },
  ],
  refunds: [],
  dues: { createdCount: 0, createdPaise: 0, settledCount: 0, settledPaise: 0 },
  cancelled: { count: 0, totalPaise: 0 },
  voids: { count: 1, quantity: 2, amountPaise: 10_000 },
  bills: { count: 2, firstNumber: 'B-1', lastNumber: 'B-2' },
  kots: 3,
  covers: 4,
  topItems: [{ name: 'Thali', quantity: 2, revenuePaise: 100_000 }],
  shifts: [shift],
  cashOutsideShiftsPaise: 0,
};

describe('the day report as sections', () => {
  const sections = dayReportSections(report, 'Asia/Kolkata');
  const section = (title: string) => sections.find((one) => one.title === title)!;

  it('lists the payments by method with their total, in rupees', () => {
    expect(section('Payments received').lines).toEqual([
      { label: 'Cash (1)', value: '₹530.00' },
      { label: 'UPI (1)', value: '₹520.00' },
      { label: 'Total received', value: '₹1,050.00', strong: true },
    ]);
    expect(section('Payments received').key).toBe('payments-received');
  });

  it('shows each drawer expected against counted, and the difference short in red', () => {
    const lines = section('Cash drawer shifts').lines;
    expect(lines[0]).toEqual({ label: 'Counter 1', value: '', strong: true });
    expect(lines).toContainEqual({ label: 'Opened', value: '10:00 am' });
    expect(lines.find((line) => line.label === 'Difference')).toEqual({
      label: 'Difference',
      value: '₹50.00 SHORT',
      strong: true,
      tone: 'short',
    });
  });

  it('says when the day closed and who closed it', () => {
    expect(dayReportFacts(report, 'Asia/Kolkata')).toEqual([
      { label: 'Business date', value: 'Thu 26 Nov 2026', words: true },
      { label: 'Day closed', value: '26 Nov 2026, 6:35 pm' },
      { label: 'Closed by', value: 'Anil', words: true },
    ]);
  });

  it('puts a difference in words for the drawer cards', () => {
    expect(differenceText(-5_000)).toBe('Short ₹50.00');
    expect(differenceText(2_000)).toBe('Over ₹20.00');
    expect(differenceText(0)).toBe('Exact');
  });
});
