import type { CashCount } from '../../../../shared/cash';
import type { DayReport, Shift } from '../../../../shared/schemas/cash.schemas';

/**
 * A known day for the X and Z report tests (the ESC/POS golden files, the day-close mail, the
 * print queue): plain objects as GET /api/days/:date answers them, no database. The figures
 * agree with each other: net 47,000.00 = 40,000.00 at 5 % + 4,000.00 at 18 % + 3,000.00
 * outside GST; service charge 2,350.00 taxed at 5 %; total 52,187.00 = payments of the day's
 * bills 50,187.00 + dues 2,000.00; cash 21,450.00 = Counter 1's 15,000.00 + the bar's 6,200.00
 * + 250.00 outside shifts.
 */

export const REPORT_TIME_ZONE = 'Asia/Kolkata';

/** A count of ₹500 notes and coins. */
const count = (fiveHundreds: number, coinsPaise = 0): CashCount => ({
  notes: { '500': fiveHundreds, '200': 0, '100': 0, '50': 0, '20': 0, '10': 0 },
  coinsPaise,
});

/** Counter 1: opened at 9:00 am with ₹2,000, closed at 11:15 pm ₹50.00 short. */
const counterShift: Shift = {
  id: '01935c3e-0000-7000-8000-000000000001',
  counterId: '01935c3e-0000-7000-8000-0000000000c1',
  counterName: 'Counter 1',
  businessDate: '2026-11-26',
  status: 'closed',
  openedAt: '2026-11-26T03:30:00.000Z',
  openedBy: 'Asha Rao',
  openingCount: count(4),
  floatPaise: 200_000,
  cashReceivedPaise: 1_500_000,
  cashRefundedPaise: 45_000,
  cashInPaise: 0,
  cashOutPaise: 120_000,
  expectedPaise: 1_535_000,
  closedAt: '2026-11-26T17:45:00.000Z',
  closedBy: 'Asha Rao',
  closingCount: count(30, 30_000),
  countedPaise: 1_530_000,
  differencePaise: -5_000,
  note: 'Change given short at lunch',
  approvedBy: null,
  entries: [
    {
      id: '01935c3e-0000-7000-8000-0000000000e1',
      kind: 'out',
      amountPaise: 120_000,
      reason: 'Petty expense',
      note: 'Vegetables',
      createdAt: '2026-11-26T06:00:00.000Z',
      createdBy: 'Asha Rao',
    },
  ],
};

/** The bar: opened at 5:00 pm with ₹1,000, closed at 11:20 pm ₹20.00 over. */
const barShift: Shift = {
  id: '01935c3e-0000-7000-8000-000000000002',
  counterId: '01935c3e-0000-7000-8000-0000000000c2',
  counterName: 'Bar',
  businessDate: '2026-11-26',
  status: 'closed',
  openedAt: '2026-11-26T11:30:00.000Z',
  openedBy: 'Ravi Kumar',
  openingCount: count(2),
  floatPaise: 100_000,
  cashReceivedPaise: 620_000,
  cashRefundedPaise: 0,
  cashInPaise: 0,
  cashOutPaise: 0,
  expectedPaise: 720_000,
  closedAt: '2026-11-26T17:50:00.000Z',
  closedBy: 'Ravi Kumar',
  closingCount: count(14, 22_000),
  countedPaise: 722_000,
  differencePaise: 2_000,
  note: '',
  approvedBy: null,
  entries: [],
};

/** The day closed at 11:35 pm by the manager. */
export const zReport: DayReport = {
  kind: 'Z',
  businessDate: '2026-11-26',
  branchName: 'Spice Route Kitchen',
  generatedAt: '2026-11-26T18:05:00.000Z',
  closedAt: '2026-11-26T18:05:00.000Z',
  closedBy: 'Meera Iyer',
  sales: {
    grossPaise: 4_825_000,
    discountPaise: 125_000,
    netPaise: 4_700_000,
    serviceChargePaise: 235_000,
    taxPaise: 283_750,
    roundOffPaise: -50,
    totalPaise: 5_218_700,
  },
  taxes: [
    { rateBps: 500, taxablePaise: 4_235_000, cgstPaise: 105_875, sgstPaise: 105_875 },
    { rateBps: 1800, taxablePaise: 400_000, cgstPaise: 36_000, sgstPaise: 36_000 },
    { rateBps: -1, taxablePaise: 300_000, cgstPaise: 0, sgstPaise: 0 },
  ],
  payments: [
    { method: 'Cash', count: 38, amountPaise: 2_145_000 },
    { method: 'Card', count: 12, amountPaise: 980_000 },
    { method: 'UPI', count: 25, amountPaise: 1_893_700 },
    { method: 'Other', count: 1, amountPaise: 50_000 },
  ],
  refunds: [{ method: 'Cash', count: 1, amountPaise: 45_000 }],
  dues: { createdCount: 2, createdPaise: 200_000, settledCount: 1, settledPaise: 50_000 },
  cancelled: { count: 1, totalPaise: 45_000 },
  voids: { count: 3, quantity: 4, amountPaise: 68_000 },
  bills: { count: 77, firstNumber: 'SRK/2627/000101', lastNumber: 'SRK/2627/000177' },
  kots: 112,
  covers: 186,
  topItems: [
    { name: 'Paneer Tikka (Half)', quantity: 64, revenuePaise: 1_792_000 },
    { name: 'Butter Naan', quantity: 150, revenuePaise: 900_000 },
    { name: 'Virgin Mojito', quantity: 41, revenuePaise: 902_000 },
    { name: 'Masala Dosa', quantity: 38, revenuePaise: 456_000 },
    { name: 'Filter Coffee', quantity: 55, revenuePaise: 330_000 },
  ],
  shifts: [counterShift, barShift],
  cashOutsideShiftsPaise: 25_000,
};

/**
 * The same day read at 6:00 pm: Counter 1 still open (its expected cash so far, no count), the
 * bar not opened yet, nothing refunded, no top items yet, no dues.
 */
export const xReport: DayReport = {
  ...zReport,
  kind: 'X',
  generatedAt: '2026-11-26T12:30:00.000Z',
  closedAt: null,
  closedBy: null,
  sales: {
    grossPaise: 1_200_000,
    discountPaise: 0,
    netPaise: 1_200_000,
    serviceChargePaise: 0,
    taxPaise: 60_000,
    roundOffPaise: 0,
    totalPaise: 1_260_000,
  },
  taxes: [{ rateBps: 500, taxablePaise: 1_200_000, cgstPaise: 30_000, sgstPaise: 30_000 }],
  payments: [{ method: 'Cash', count: 20, amountPaise: 1_260_000 }],
  refunds: [],
  dues: { createdCount: 0, createdPaise: 0, settledCount: 0, settledPaise: 0 },
  cancelled: { count: 0, totalPaise: 0 },
  voids: { count: 0, quantity: 0, amountPaise: 0 },
  bills: { count: 20, firstNumber: 'SRK/2627/000101', lastNumber: 'SRK/2627/000120' },
  kots: 31,
  covers: 48,
  topItems: [],
  shifts: [
    {
      ...counterShift,
      status: 'open',
      cashReceivedPaise: 1_260_000,
      cashRefundedPaise: 0,
      cashOutPaise: 0,
      expectedPaise: 1_460_000,
      closedAt: null,
      closedBy: null,
      closingCount: null,
      countedPaise: null,
      differencePaise: null,
      note: '',
      entries: [],
    },
  ],
  cashOutsideShiftsPaise: 0,
};
