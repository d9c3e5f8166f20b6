/**
 * The demo's sales: 60 days of bills (busiest at lunch and in the evening, a few dues, some
 * settled later; variants, add-ons and a few notes as waiters enter them), worked out by the
 * payment's rule (shared/tax.ts); demo-sales-write.ts writes them through billing's ledger.
 */
import type { IsoDate } from '../../shared/dates';
import { DEFAULT_QUICK_NOTES, lineNameOf, type LineAddon } from '../../shared/menu';
import { lineTotalPaise } from '../../shared/money';
import { computeBill } from '../../shared/tax';
import type { PaymentMethod } from '../../shared/constants';
import type { NewBill, NewBillLine, NewProduct, NewTable, TaxProfile } from '../db/schema';
import {
  DEFAULT_GST_RATE_BPS,
  DEFAULT_HSN,
  formatInvoiceNumber,
  invoicePrefixFromCode,
} from '../../shared/gst';
import { financialYearOf } from '../modules/billing/bill-number';
import { DAY, DEMO_BRANCH_CODE, DEMO_HISTORY_DAYS, MINUTE, type DemoContext } from './demo-context';
import { GROUPS, HOT, PRODUCTS, type DemoChoices, type ProductDef } from './demo-menu';
import { createRng, type Rng } from './demo-rng';

const DUE_NAMES = [
  'Rohit Mehta',
  'Sharma ji (office, 3rd floor)',
  'Neha Joshi',
  'Vikram Rao',
  'Anil (regular)',
  'Kavya Iyer',
];

/** Customers per hour of the day (08:00 to 22:59): breakfast, a lunch peak, an evening peak. */
const HOUR_WEIGHTS: [hour: number, weight: number][] = [
  [8, 2],
  [9, 3],
  [10, 3],
  [11, 4],
  [12, 7],
  [13, 9],
  [14, 7],
  [15, 4],
  [16, 4],
  [17, 5],
  [18, 7],
  [19, 9],
  [20, 9],
  [21, 6],
  [22, 2],
];

/**
 * The bills, day by day. What they used of each ingredient is inventory's recipe rule's to say
 * once they are written (demo-stock.ts `salesUsage`).
 */
export function buildBills(
  ctx: DemoContext,
  {
    branchId,
    managerId,
    cashiers,
    tableRows,
    productRows,
    choices,
    taxProfile,
  }: {
    branchId: string;
    managerId: string;
    cashiers: { id: string; weight: number }[];
    tableRows: NewTable[];
    productRows: NewProduct[];
    choices: DemoChoices;
    /** Every bill is worked out with it, as the payment does (shared/tax.ts). */
    taxProfile: TaxProfile;
  },
): {
  bills: NewBill[];
  billLines: NewBillLine[];
} {
  const { now, rng, idAt, days } = ctx;
  const counters = tableRows.filter((t) => t.label.startsWith('Counter'));
  const dining = tableRows.filter((t) => !t.label.startsWith('Counter'));
  const billRows: NewBill[] = [];
  const billLineRows: NewBillLine[] = [];
  /** Bills numbered so far per financial year. */
  const billCounts = new Map<string, number>();
  // Choices come from a stream of their own, so the rest of the history is as before them.
  const picks = { rng: createRng(88), choices };

  for (let d = 0; d < DEMO_HISTORY_DAYS; d++) {
    const date = days[d]!;
    for (const { hour, time } of visitsOf(ctx, date)) {
      // Today's history stops a few minutes before now.
      if (time > now.getTime() - 5 * MINUTE) break;
      const createdAt = new Date(time);
      const billId = idAt(createdAt);
      const table = rng.chance(0.3) ? rng.pick(counters) : rng.pick(dining);
      const lines = orderedLines(ctx, {
        branchId,
        billId,
        createdAt,
        hour,
        productRows,
        picks,
      });
      const discountBps = rng.chance(0.07) ? (rng.chance(0.6) ? 500 : 1000) : 0;
      const taxed = computeBill(
        lines.map((line) => ({
          unitPricePaise: line.unitPricePaise,
          quantity: line.quantity,
          gstRateBps: DEFAULT_GST_RATE_BPS,
          outsideGst: false,
        })),
        discountBps,
        taxProfile,
      );
      billLineRows.push(
        ...lines.map((line, i) => {
          const part = taxed.lines[i]!;
          return {
            ...line,
            hsn: DEFAULT_HSN,
            gstRateBps: part.gstRateBps,
            outsideGst: false,
            discountPaise: part.discountPaise,
            taxablePaise: part.taxablePaise,
            cgstPaise: part.cgstPaise,
            sgstPaise: part.sgstPaise,
          };
        }),
      );
      const financialYear = financialYearOf(date);
      const billNumber = (billCounts.get(financialYear) ?? 0) + 1;
      billCounts.set(financialYear, billNumber);
      billRows.push({
        branchId,
        id: billId,
        tableId: table.id!,
        tableLabel: table.label,
        number: formatInvoiceNumber(
          invoicePrefixFromCode(DEMO_BRANCH_CODE),
          financialYear,
          billNumber,
        ),
        financialYear,
        businessDate: date,
        subtotalPaise: taxed.subtotalPaise,
        discountBps,
        discountPaise: taxed.discountPaise,
        totalPaise: taxed.totalPaise,
        taxProfileId: taxProfile.id,
        taxRegime: taxProfile.regime,
        pricesIncludeTax: taxProfile.pricesIncludeTax,
        taxablePaise: taxed.taxablePaise,
        nonGstPaise: taxed.nonGstPaise,
        serviceChargeBps: taxed.serviceChargeBps,
        serviceChargePaise: taxed.serviceChargePaise,
        serviceChargeRateBps: taxed.serviceChargeRateBps,
        serviceChargeTaxPaise: taxed.serviceChargeCgstPaise + taxed.serviceChargeSgstPaise,
        cgstPaise: taxed.cgstPaise,
        sgstPaise: taxed.sgstPaise,
        taxPaise: taxed.taxPaise,
        roundOffPaise: taxed.roundOffPaise,
        ...settlementOf(ctx, { createdAt, cashiers, managerId }),
        idempotencyKey: `demo-${billId}`,
        createdAt,
      });
    }
  }

  return { bills: billRows, billLines: billLineRows };
}

/** A day's customers, in time order: more at weekends, busiest at lunch and in the evening. */
function visitsOf(ctx: DemoContext, date: IsoDate): { hour: number; time: number }[] {
  const { rng, at } = ctx;
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  const base = weekday === 0 ? 40 : weekday === 6 ? 42 : weekday === 5 ? 34 : 29;
  const count = Math.min(45, Math.max(25, base + rng.int(-4, 4)));
  return Array.from({ length: count }, () => {
    const [hour] = rng.weighted(HOUR_WEIGHTS, ([, w]) => w);
    const time = at(date, hour * 60 + rng.int(0, 59)).getTime() + rng.int(0, 59) * 1000;
    return { hour, time };
  }).sort((a, b) => a.time - b.time);
}

/** One to five products of a bill. */
function orderedLines(
  ctx: DemoContext,
  {
    branchId,
    billId,
    createdAt,
    hour,
    productRows,
    picks,
  }: {
    branchId: string;
    billId: string;
    createdAt: Date;
    hour: number;
    productRows: NewProduct[];
    picks: Picks;
  },
): (NewBillLine & { lineTotalPaise: number })[] {
  const { rng, idAt } = ctx;
  const lineCount = rng.weighted(
    [
      [1, 30],
      [2, 32],
      [3, 20],
      [4, 11],
      [5, 7],
    ] as const,
    ([, w]) => w,
  )[0];
  const chosen = new Set<number>();
  while (chosen.size < lineCount) {
    // Mornings lean to tea, coffee and a snack.
    const index = rng.weighted(
      PRODUCTS.map((_, i) => i),
      (i) => PRODUCTS[i]!.weight * (hour < 11 && PRODUCTS[i]!.subcategory === HOT ? 2 : 1),
    );
    chosen.add(index);
  }
  return [...chosen].map((index) => {
    const def = PRODUCTS[index]!;
    const quantity = rng.weighted(
      [
        [1, 72],
        [2, 22],
        [3, 6],
      ] as const,
      ([, w]) => w,
    )[0];
    const productId = productRows[index]!.id!;
    const choice = choicesOf(picks, def, productId);
    const unitPricePaise =
      (choice.variant?.pricePaise ?? def.pricePaise) +
      choice.addons.reduce((sum, addon) => sum + addon.pricePaise, 0);
    return {
      branchId,
      id: idAt(createdAt),
      billId,
      productId,
      name: lineNameOf(def.name, choice.variant?.name ?? null),
      variantId: choice.variantId,
      variantName: choice.variant?.name ?? null,
      addons: choice.addons,
      note: choice.note,
      subcategory: def.subcategory,
      unitPricePaise,
      quantity,
      lineTotalPaise: lineTotalPaise(unitPricePaise, quantity),
    };
  });
}

interface Picks {
  rng: Rng;
  choices: DemoChoices;
}

/**
 * What a waiter chose with a product: a variant (the default more often), one option of each
 * required group, now and then an extra, and a quick note on a few lines.
 */
function choicesOf(picks: Picks, def: ProductDef, productId: string) {
  const { rng, choices } = picks;
  const variant = def.variants
    ? rng.weighted(def.variants, (variant) => (variant.isDefault ? 3 : 2))
    : undefined;
  const variantId = variant
    ? choices.variants.find((row) => row.productId === productId && row.name === variant.name)!.id!
    : null;
  const addons: LineAddon[] = [];
  for (const key of def.addons ?? []) {
    const group = GROUPS[key];
    const groupId = choices.groups.find((row) => row.name === group.name)!.id!;
    const wanted =
      group.minChoices > 0 ? group.minChoices : rng.chance(0.3) ? (rng.chance(0.15) ? 2 : 1) : 0;
    const chosen = new Set<number>();
    while (chosen.size < Math.min(wanted, group.maxChoices, group.options.length)) {
      chosen.add(Math.floor(rng.next() * group.options.length));
    }
    group.options.forEach((option, position) => {
      if (!chosen.has(position)) return;
      const optionId = choices.options.find(
        (row) => row.groupId === groupId && row.name === option.name,
      )!.id!;
      addons.push({
        id: optionId,
        group: group.name,
        name: option.name,
        pricePaise: option.pricePaise,
      });
    });
  }
  const note = rng.chance(0.04) ? rng.pick(DEFAULT_QUICK_NOTES) : '';
  return { variant, variantId, addons, note };
}

/**
 * Who billed it and how it was paid: mostly UPI, cash or card at once; a few dues with a
 * responsible name, most of them cleared within a week through the dues popup.
 */
function settlementOf(
  ctx: DemoContext,
  {
    createdAt,
    cashiers,
    managerId,
  }: { createdAt: Date; cashiers: { id: string; weight: number }[]; managerId: string },
): Pick<NewBill, 'method' | 'status' | 'responsible' | 'createdBy' | 'settledAt' | 'settledBy'> {
  const { now, rng } = ctx;
  const cashier = rng.weighted(cashiers, (c) => c.weight).id;
  const isDue = rng.chance(0.03);
  let method: PaymentMethod = isDue
    ? 'Due'
    : rng.weighted(
        [
          ['UPI', 48],
          ['Cash', 30],
          ['Card', 22],
        ] as const,
        ([, w]) => w,
      )[0];
  let status: 'Settled' | 'Due' = isDue ? 'Due' : 'Settled';
  let settledAt: Date | null = isDue ? null : createdAt;
  let settledBy: string | null = isDue ? null : cashier;
  const responsible = isDue ? rng.pick(DUE_NAMES) : null;
  if (isDue && rng.chance(0.75)) {
    const later = new Date(createdAt.getTime() + rng.int(1, 6) * DAY + rng.int(-120, 120) * MINUTE);
    if (later.getTime() < now.getTime()) {
      status = 'Settled';
      settledAt = later;
      settledBy = managerId;
      method = rng.chance(0.6) ? 'UPI' : 'Cash';
    }
  }
  return { method, status, responsible, createdBy: cashier, settledAt, settledBy };
}
