/**
 * The demo's stock: its three vendors and what they supply, 60 days of deliveries (stock
 * purchases) and movements (opening stock, deliveries, each day's sales, the write-offs of the
 * items that run low), the ingredients' stock as it ends, and the weekly vendor payments. What
 * each day's bills used is inventory's recipe rule's answer for the bills as written
 * (`salesUsage`), so the stock is built once the sales are in the database.
 */
import { addDays, type IsoDate } from '../../shared/dates';
import type { DbOrTx } from '../db/client';
import type {
  NewBill,
  NewBillLine,
  NewInventoryMovement,
  NewStockPurchase,
  NewVendor,
  NewVendorPayment,
} from '../db/schema';
import {
  ingredientsUsedBy,
  recordDemoStock,
  type DemoIngredientStock,
} from '../modules/inventory/inventory.stock.usecases';
import { recordDemoVendors } from '../modules/vendors/vendors.usecases';
import { DEMO_HISTORY_DAYS, MINUTE, groupBy, type DemoContext } from './demo-context';
import { INGREDIENTS, type IngredientDef, type VendorKey } from './demo-menu';

/**
 * Ingredients that end below their low-stock threshold (after a wastage write-off and no
 * reorder in the last days), so the low-stock alerts have something to show.
 */
const RUNS_LOW = new Map([
  ['Mango Pulp', 'Two tins found dented and swollen, discarded'],
  ['Cheese Slices', 'Stock count: packs past expiry discarded'],
]);
const RUNS_LOW_DAYS = 3;

// prettier-ignore
const VENDORS: Record<VendorKey, { name: string; contactNo: string; address: string }> = {
  dairy: { name: 'Krishna Dairy Suppliers', contactNo: '+91 98450 12345', address: '14, 3rd Cross, Ejipura Main Road, Bengaluru 560047' },
  vegetables: { name: 'Fresh Basket Vegetables', contactNo: '+91 99001 23456', address: 'Shop 42, KR Market, Bengaluru 560002' },
  traders: { name: 'Shree Ganesh Traders', contactNo: '+91 80 2345 6789', address: '7, Chickpet Main Road, Bengaluru 560053' },
};

export interface DemoVendorItem {
  branchId: string;
  vendorId: string;
  ingredientId: string;
}

export function buildVendors(
  ctx: DemoContext,
  { branchId, ingredientIds }: { branchId: string; ingredientIds: Map<string, string> },
): { vendorIds: Record<VendorKey, string>; vendors: NewVendor[]; vendorItems: DemoVendorItem[] } {
  const { idAt, setupTime } = ctx;
  const vendorIds = {} as Record<VendorKey, string>;
  const vendors: NewVendor[] = (Object.keys(VENDORS) as VendorKey[]).map((key) => {
    vendorIds[key] = idAt(setupTime);
    const categories = [
      ...new Set(INGREDIENTS.filter((i) => i.vendor === key).map((i) => i.category)),
    ];
    return {
      branchId,
      id: vendorIds[key],
      ...VENDORS[key],
      categories,
      createdAt: setupTime,
      updatedAt: setupTime,
    };
  });
  const vendorItems = INGREDIENTS.map((def) => ({
    branchId,
    vendorId: vendorIds[def.vendor],
    ingredientId: ingredientIds.get(def.name)!,
  }));
  return { vendorIds, vendors, vendorItems };
}

/** What each business date's bills used: quantity in base units by ingredient id. */
export type DemoUsage = Map<IsoDate, Map<string, number>>;

/**
 * What each day's bills used of each ingredient, asked of inventory's recipe rule
 * (`sale_ingredients`, the payment's) with each day's bill lines, once they are written.
 */
export function salesUsage(
  tx: DbOrTx,
  branchId: string,
  rows: { bills: NewBill[]; billLines: NewBillLine[] },
): Promise<DemoUsage> {
  const dateOf = new Map(rows.bills.map((bill) => [bill.id!, bill.businessDate]));
  return ingredientsUsedBy(
    tx,
    branchId,
    groupBy(rows.billLines, (line) => dateOf.get(line.billId)!),
  );
}

/**
 * Opening stock, deliveries before opening, one sales movement per ingredient per day (from
 * `usage`, what the day's bills used), and each ingredient's stock as it ends.
 */
export function buildStock(
  ctx: DemoContext,
  {
    branchId,
    managerId,
    ingredientIds,
    vendorIds,
    usage,
  }: {
    branchId: string;
    managerId: string;
    ingredientIds: Map<string, string>;
    vendorIds: Record<VendorKey, string>;
    usage: DemoUsage;
  },
): {
  stock: DemoIngredientStock[];
  inventoryMovements: NewInventoryMovement[];
  stockPurchases: NewStockPurchase[];
} {
  const stockRows: DemoIngredientStock[] = [];
  const movementRows: NewInventoryMovement[] = [];
  const purchaseRows: NewStockPurchase[] = [];
  const totalUse = new Map<string, number>();
  for (const used of usage.values()) {
    for (const [id, q] of used) totalUse.set(id, (totalUse.get(id) ?? 0) + q);
  }

  for (const def of INGREDIENTS) {
    const history = ingredientHistory(ctx, def, {
      branchId,
      managerId,
      ingredientId: ingredientIds.get(def.name)!,
      vendorId: vendorIds[def.vendor],
      usage,
      totalUse,
    });
    stockRows.push(history.stock);
    movementRows.push(...history.movements);
    purchaseRows.push(...history.purchases);
  }

  return {
    stock: stockRows,
    inventoryMovements: movementRows,
    stockPurchases: purchaseRows,
  };
}

/** One ingredient's 60 days: its movements, its deliveries, and its stock as it ends. */
function ingredientHistory(
  ctx: DemoContext,
  def: IngredientDef,
  {
    branchId,
    managerId,
    ingredientId,
    vendorId,
    usage,
    totalUse,
  }: {
    branchId: string;
    managerId: string;
    ingredientId: string;
    vendorId: string;
    usage: DemoUsage;
    /** What the 60 days used of each ingredient (by id) in recipes. */
    totalUse: Map<string, number>;
  },
): {
  stock: DemoIngredientStock;
  movements: NewInventoryMovement[];
  purchases: NewStockPurchase[];
} {
  const { now, rng, idAt, at, days, setupTime } = ctx;
  const movementRows: NewInventoryMovement[] = [];
  const purchaseRows: NewStockPurchase[] = [];
  const inRecipes = totalUse.has(ingredientId);
  const soldOn = (d: number) => usage.get(days[d]!)?.get(ingredientId) ?? 0;
  // Items outside recipes (napkins) are used up at one unit a week.
  const daily = inRecipes ? Math.max(1, totalUse.get(ingredientId)! / DEMO_HISTORY_DAYS) : 1 / 7;
  const reorderDays = def.perishable ? 2 : 5;
  const targetDays = def.perishable ? 4 : 14;
  const packsFor = (qty: number) => Math.max(1, Math.ceil(qty / def.packQty));

  let quantity = packsFor(daily * targetDays) * def.packQty;
  let updatedAt = setupTime;
  movementRows.push({
    branchId,
    id: idAt(setupTime),
    ingredientId,
    action: 'add_inventory',
    quantityDelta: quantity,
    quantityAfter: quantity,
    userId: managerId,
    note: 'Opening stock',
    createdAt: setupTime,
  });

  for (let d = 0; d < DEMO_HISTORY_DAYS; d++) {
    const date = days[d]!;
    const used = inRecipes ? soldOn(d) : d % 7 === 6 ? 1 : 0;
    const lowReason = RUNS_LOW.get(def.name);
    const runningLow = lowReason !== undefined && d >= DEMO_HISTORY_DAYS - RUNS_LOW_DAYS;
    if (lowReason !== undefined && d === DEMO_HISTORY_DAYS - RUNS_LOW_DAYS) {
      // Write off down to what the last days will sell plus about half a day's worth.
      let rest = Math.round(daily * 0.6);
      for (let k = d; k < DEMO_HISTORY_DAYS; k++) rest += soldOn(k);
      if (quantity > rest) {
        const writtenOffAt = at(date, 8 * 60);
        const delta = rest - quantity;
        quantity = rest;
        movementRows.push({
          branchId,
          id: idAt(writtenOffAt),
          ingredientId,
          action: 'adjustment',
          quantityDelta: delta,
          quantityAfter: quantity,
          userId: managerId,
          note: lowReason,
          createdAt: writtenOffAt,
        });
        updatedAt = writtenOffAt;
      }
    }
    const deliveredAt = new Date(at(date, 8 * 60 + 30).getTime() + rng.int(0, 90) * MINUTE);
    // Reorder when stock would not last the reorder window (or today's rush, if larger).
    const needed = Math.max(daily * reorderDays, used * 1.2);
    if (!runningLow && quantity < needed && deliveredAt.getTime() < now.getTime()) {
      const packs = packsFor(daily * targetDays - quantity);
      const purchaseId = idAt(deliveredAt);
      const purchaseQty = packs * def.packQty;
      const pricePaise = packs * def.packPaise;
      quantity += purchaseQty;
      purchaseRows.push({
        branchId,
        id: purchaseId,
        vendorId,
        ingredientId,
        invoiceDate: date,
        quantity: purchaseQty,
        pricePaise,
        createdBy: managerId,
        createdAt: deliveredAt,
      });
      movementRows.push({
        branchId,
        id: idAt(deliveredAt),
        ingredientId,
        action: 'add_stock',
        quantityDelta: purchaseQty,
        quantityAfter: quantity,
        pricePaise,
        invoiceDate: date,
        vendorId,
        stockPurchaseId: purchaseId,
        userId: managerId,
        createdAt: deliveredAt,
      });
      updatedAt = deliveredAt;
    }
    if (used > 0) {
      // One movement per ingredient per day (not per bill) keeps the history readable.
      const closing = at(date, 23 * 60 + 15);
      const soldAt =
        closing.getTime() < now.getTime()
          ? closing
          : new Date(Math.max(now.getTime() - MINUTE, updatedAt.getTime() + 1000));
      quantity -= used;
      movementRows.push({
        branchId,
        id: idAt(soldAt),
        ingredientId,
        // Napkins are used up, not sold: record them as an adjustment.
        action: inRecipes ? 'sale' : 'adjustment',
        quantityDelta: -used,
        quantityAfter: quantity,
        userId: null,
        note: inRecipes ? `Sales of ${date}` : `Used during the week to ${date}`,
        createdAt: soldAt,
      });
      updatedAt = soldAt;
    }
  }

  const stock: DemoIngredientStock = {
    branchId,
    id: ingredientId,
    quantity,
    // Warn at about two days of use.
    lowStockThreshold: Math.max(1, Math.round(daily * 2)),
    updatedAt,
  };
  return { stock, movements: movementRows, purchases: purchaseRows };
}

/** Weekly, for deliveries older than a week. */
export function buildVendorPayments(
  ctx: DemoContext,
  {
    branchId,
    managerId,
    managerName,
    vendorIds,
    purchaseRows,
  }: {
    branchId: string;
    managerId: string;
    managerName: string;
    vendorIds: Record<VendorKey, string>;
    purchaseRows: NewStockPurchase[];
  },
): NewVendorPayment[] {
  const { now, rng, idAt, at, days } = ctx;
  const paymentRows: NewVendorPayment[] = [];
  for (const key of Object.keys(VENDORS) as VendorKey[]) {
    const vendorId = vendorIds[key];
    let paidUpTo = 0; // index into this vendor's purchases
    const purchases = purchaseRows
      .filter((p) => p.vendorId === vendorId)
      .sort((a, b) => a.invoiceDate.localeCompare(b.invoiceDate));
    for (let d = 7; d < DEMO_HISTORY_DAYS; d += 7) {
      const payDate = days[d]!;
      const cutoff = addDays(payDate, -7);
      let amount = 0;
      while (paidUpTo < purchases.length && purchases[paidUpTo]!.invoiceDate <= cutoff) {
        amount += purchases[paidUpTo]!.pricePaise;
        paidUpTo++;
      }
      const paidAt = at(payDate, 11 * 60 + rng.int(0, 120));
      if (amount <= 0 || paidAt.getTime() >= now.getTime()) continue;
      const viaUpi = rng.chance(0.6);
      paymentRows.push({
        branchId,
        id: idAt(paidAt),
        vendorId,
        amountPaise: amount,
        paidBy: managerName,
        paidOn: payDate,
        note: viaUpi ? 'UPI transfer' : `Cheque no. ${rng.int(100000, 999999)}`,
        createdAt: paidAt,
        createdBy: managerId,
      });
    }
  }

  return paymentRows;
}

/**
 * The vendors, what they supply and their payments; then the deliveries, every movement and
 * each ingredient's stock as it ends.
 */
export async function writeStock(
  tx: DbOrTx,
  rows: {
    vendors: NewVendor[];
    vendorItems: DemoVendorItem[];
    vendorPayments: NewVendorPayment[];
    stockPurchases: NewStockPurchase[];
    inventoryMovements: NewInventoryMovement[];
    stock: DemoIngredientStock[];
  },
): Promise<void> {
  await recordDemoVendors(tx, {
    vendors: rows.vendors,
    vendorItems: rows.vendorItems,
    payments: rows.vendorPayments,
  });
  await recordDemoStock(tx, {
    purchases: rows.stockPurchases,
    movements: rows.inventoryMovements,
    stock: rows.stock,
  });
}
