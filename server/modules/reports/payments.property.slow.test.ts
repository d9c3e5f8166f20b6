import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DuesSettleMethod } from '../../../shared/constants';
import { billTotals } from '../../../shared/money';
import type { PaymentRowInput, ReceivedMethod } from '../../../shared/schemas/billing.schemas';
import type { PaymentsReport } from '../../../shared/schemas/payments-report.schemas';
import { createTwoBranchApp } from '../../test/api-client';
import { dailyTotalsMismatches } from '../../test/daily-totals';
import type { TestApp } from '../../test/test-app';
import { billsAs } from '../billing/billing.test-support';

/**
 * The payment report's money adds up to the paisa, whatever the bills: over random orders,
 * discounts, split payments, dues partly paid and dues settled later, the sum of the rows'
 * totals equals the grand total equals the sum of the per-method totals, and each method holds
 * exactly the money that came in by it ('Due' what is still owed). Every bill is made and
 * settled through the real API. A searched report adds up the bills; the whole day's report
 * adds up the totals kept per day, so both ways are checked against the same money.
 */

let t: TestApp;
let branchId: string;
let manager: ReturnType<typeof billsAs>;
let staff: ReturnType<typeof billsAs>;
/** Prices that make the discount's half-up rounding matter. */
const PRICES = [1, 99, 1_999, 33_333, 249_999];
let products: string[] = [];

beforeAll(async () => {
  let mine;
  ({ t, mine, manager, staff } = await createTwoBranchApp(billsAs));
  branchId = mine.branchId;
  products = [];
  for (const price of PRICES) products.push(await manager.product(price));
});
afterAll(() => t?.close());

const received = fc.constantFrom<ReceivedMethod>('Cash', 'Card', 'UPI');

const billSpec = fc
  .record({
    items: fc.uniqueArray(
      fc.tuple(fc.integer({ min: 0, max: PRICES.length - 1 }), fc.integer({ min: 1, max: 5 })),
      { minLength: 1, maxLength: 3, selector: ([product]) => product },
    ),
    discountBps: fc.oneof(fc.constant(0), fc.constant(10_000), fc.integer({ min: 0, max: 10_000 })),
    status: fc.constantFrom('Settled' as const, 'Due' as const),
    /** How the money paid now is split: methods and their weights. */
    split: fc.array(fc.tuple(received, fc.integer({ min: 1, max: 100 })), {
      minLength: 1,
      maxLength: 3,
    }),
    /** For a Due bill: the share paid at the table, in thousandths of its total (< all of it). */
    paidPerMille: fc.integer({ min: 0, max: 999 }),
    /** For a Due bill: settled afterwards by this method, or left owing. */
    settleWith: fc.option(fc.constantFrom<DuesSettleMethod>('Cash', 'Card', 'UPI', 'Other')),
  })
  // A ₹0 bill cannot be Due (nothing is owed): the server refuses it.
  .filter(
    (spec) =>
      spec.status === 'Settled' ||
      billTotals(
        spec.items.map(([product, quantity]) => ({ unitPricePaise: PRICES[product]!, quantity })),
        spec.discountBps,
      ).totalPaise > 0,
  );
type BillSpec = typeof billSpec extends fc.Arbitrary<infer T> ? T : never;

/** `amount` split by the weights, to the paisa (the last part takes the remainder). */
function splitAmount(amount: number, split: BillSpec['split']): PaymentRowInput[] {
  const weights = split.reduce((sum, [, weight]) => sum + weight, 0);
  let given = 0;
  return split.map(([method, weight], index) => {
    const part =
      index === split.length - 1 ? amount - given : Math.floor((amount * weight) / weights);
    given += part;
    return { method, amountPaise: part };
  });
}

let run = 0;
/** The branch's money over every run so far (its only bills), and how many bills. */
const all: Record<string, number> = { Cash: 0, Card: 0, UPI: 0, Other: 0, Due: 0 };
let billCount = 0;

/** Adds `amount` received by `method` to this run's money and to the branch's. */
function add(expected: Record<string, number>, method: string, amount: number) {
  expected[method]! += amount;
  all[method]! += amount;
}

describe('payment report totals (property)', () => {
  it('sum of the rows = grand total = sum of the per-method totals, each method exact', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(billSpec, { minLength: 1, maxLength: 6 }), async (specs) => {
        // Each run's tables carry their own mark; the report is searched by it.
        const mark = `R${++run}x`;
        const expected: Record<string, number> = { Cash: 0, Card: 0, UPI: 0, Other: 0, Due: 0 };
        for (const [index, spec] of specs.entries()) {
          let paidNow = 0;
          const bill = await staff.bill({
            tableLabel: `${mark}${index}`,
            items: spec.items.map(([product, quantity]) => [products[product]!, quantity]),
            discountPercent: spec.discountBps / 100,
            status: spec.status,
            payments: (total) => {
              if (spec.status === 'Settled') {
                return total === 0
                  ? [{ method: spec.split[0]![0], amountPaise: 0 }]
                  : splitAmount(total, spec.split);
              }
              paidNow = Math.floor((total * spec.paidPerMille) / 1000);
              return splitAmount(paidNow, spec.split).filter((row) => row.amountPaise > 0);
            },
          });
          billCount += 1;
          for (const payment of bill.payments) add(expected, payment.method, payment.amountPaise);
          if (spec.status === 'Due') {
            expect(bill.paidPaise).toBe(paidNow);
            const owed = bill.totalPaise - paidNow;
            if (spec.settleWith) {
              expect((await staff.settle(bill.id, spec.settleWith)).statusCode).toBe(200);
              add(expected, spec.settleWith, owed);
            } else {
              add(expected, 'Due', owed);
            }
          }
        }

        const response = await manager.call(
          'GET',
          `/api/reports/payments?search=${mark}&pageSize=100`,
        );
        expect(response.statusCode, response.body).toBe(200);
        const report = response.json() as PaymentsReport;
        expect(report.rows).toHaveLength(specs.length);
        const rowsSum = report.rows.reduce((sum, row) => sum + row.totalPaise, 0);
        const methodsSum = report.totals.byMethod.reduce((sum, row) => sum + row.amountPaise, 0);
        expect(rowsSum).toBe(report.totals.grandTotalPaise);
        expect(methodsSum).toBe(report.totals.grandTotalPaise);
        expect(
          Object.fromEntries(report.totals.byMethod.map((row) => [row.method, row.amountPaise])),
        ).toEqual(expected);

        const wholeDay = await manager.call('GET', '/api/reports/payments');
        expect(wholeDay.statusCode, wholeDay.body).toBe(200);
        const { totals, totalRows } = wholeDay.json() as PaymentsReport;
        expect(totalRows).toBe(billCount);
        expect(
          Object.fromEntries(totals.byMethod.map((row) => [row.method, row.amountPaise])),
        ).toEqual(all);
        expect(totals.grandTotalPaise).toBe(Object.values(all).reduce((sum, v) => sum + v, 0));
        expect(await dailyTotalsMismatches(t.database.db, branchId)).toEqual([]);
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
