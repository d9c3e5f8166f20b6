import type { z } from 'zod';
import { businessDate } from '../../../shared/dates';
import { paiseToRupeesString } from '../../../shared/money';
import { displayQuantity } from '../../../shared/units';
import type {
  StockOptions,
  Vendor,
  VendorDetail,
  VendorList,
  VendorPayment,
  VendorPaymentsSummary,
  VendorStockList,
  vendorBodySchema,
  vendorPaymentBodySchema,
} from '../../../shared/schemas/vendors.schemas';
import type { Db, DbOrTx } from '../../db/client';
import type { NewVendor, NewVendorPayment } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { Actor, ZonedActor } from '../../lib/actor';
import type { CsvCell } from '../../lib/csv';
import { ingredientNotFound } from '../inventory/inventory.errors';
import { latestPurchasesOf, liveIngredients } from '../inventory/inventory.usecases';
import { itemOutsideCategories, paymentDateInFuture, vendorNotFound } from './vendors.errors';
import * as repo from './vendors.repository';

type Body = z.output<typeof vendorBodySchema>;

function groupBy<T extends { vendorId: string }>(rows: T[]) {
  const groups = new Map<string, Omit<T, 'vendorId'>[]>();
  for (const { vendorId, ...rest } of rows) {
    groups.set(vendorId, [...(groups.get(vendorId) ?? []), rest]);
  }
  return groups;
}

/** Vendors with their supplied items and money: total of stock prices, paid, remaining. */
async function vendorViews(db: DbOrTx, branchId: string, rows: repo.VendorRow[]) {
  const ids = rows.map((row) => row.id);
  const [items, sums] = await Promise.all([
    repo.listSuppliedItems(db, branchId, ids),
    repo.vendorSums(db, branchId, ids),
  ]);
  const itemsOf = groupBy(items);
  return rows.map((row): Vendor => {
    const totalPaise = sums.total.get(row.id) ?? 0;
    const paidPaise = sums.paid.get(row.id) ?? 0;
    return {
      ...row,
      items: itemsOf.get(row.id) ?? [],
      totalPaise,
      paidPaise,
      remainingPaise: totalPaise - paidPaise,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

async function mustFind(db: DbOrTx, branchId: string, id: string) {
  const row = await repo.findVendor(db, branchId, id);
  // Unknown, archived and another branch's vendors answer alike.
  if (!row) throw vendorNotFound();
  return row;
}

export async function listVendors({
  db,
  branchId,
}: {
  db: Db;
  branchId: string;
}): Promise<VendorList> {
  return { items: await vendorViews(db, branchId, await repo.listVendors(db, branchId)) };
}

export async function getVendor({
  db,
  branchId,
  id,
}: {
  db: Db;
  branchId: string;
  id: string;
}): Promise<VendorDetail> {
  const [vendor] = await vendorViews(db, branchId, [await mustFind(db, branchId, id)]);
  const payments = await repo.listPayments(db, branchId, id);
  return {
    ...vendor!,
    payments: payments.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
  };
}

/** Categories without repeats (first spelling kept, any case). */
function distinctCategories(categories: string[]) {
  const seen = new Map<string, string>();
  for (const category of categories) {
    if (!seen.has(category.toLowerCase())) seen.set(category.toLowerCase(), category);
  }
  return [...seen.values()];
}

/** Supplied items must be this branch's live items, each in one of the chosen categories. */
async function checkedItems(db: DbOrTx, branchId: string, body: Body) {
  const ids = [...new Set(body.itemIds)];
  const found = new Map((await liveIngredients(db, branchId, ids)).map((i) => [i.id, i]));
  const categories = new Set(body.categories.map((c) => c.toLowerCase()));
  body.itemIds.forEach((id, index) => {
    const item = found.get(id);
    if (!item) throw ingredientNotFound(`itemIds.${index}`);
    if (!categories.has(item.category.toLowerCase()))
      throw itemOutsideCategories(`itemIds.${index}`);
  });
  return ids;
}

export async function addVendor({
  db,
  clock,
  branchId,
  userId,
  input,
}: Actor & { input: Body }): Promise<Vendor> {
  const now = clock();
  const id = await db.transaction(async (tx) => {
    const itemIds = await checkedItems(tx, branchId, input);
    const id = await repo.insertVendor(tx, {
      branchId,
      name: input.name,
      contactNo: input.contactNo,
      address: input.address,
      categories: distinctCategories(input.categories),
      createdAt: now,
      updatedAt: now,
    });
    await repo.replaceSuppliedItems(tx, branchId, id, itemIds);
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'vendor.create',
      entity: 'vendor',
      entityId: id,
      data: { name: input.name, items: itemIds.length },
      at: now,
    });
    return id;
  });
  const [vendor] = await vendorViews(db, branchId, [await mustFind(db, branchId, id)]);
  return vendor!;
}

export async function editVendor({
  db,
  clock,
  branchId,
  userId,
  id,
  input,
}: Actor & { id: string; input: Body }): Promise<Vendor> {
  const now = clock();
  await db.transaction(async (tx) => {
    const current = await mustFind(tx, branchId, id);
    const itemIds = await checkedItems(tx, branchId, input);
    await repo.updateVendor(tx, branchId, id, {
      name: input.name,
      contactNo: input.contactNo,
      address: input.address,
      categories: distinctCategories(input.categories),
      updatedAt: now,
    });
    await repo.replaceSuppliedItems(tx, branchId, id, itemIds);
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'vendor.update',
      entity: 'vendor',
      entityId: id,
      data: { from: { name: current.name }, to: { name: input.name }, items: itemIds.length },
      at: now,
    });
  });
  const [vendor] = await vendorViews(db, branchId, [await mustFind(db, branchId, id)]);
  return vendor!;
}

/** Archive: hidden from every list and form; purchases and payments stay. */
export async function archiveVendor({ db, clock, branchId, userId, id }: Actor & { id: string }) {
  const now = clock();
  await db.transaction(async (tx) => {
    const current = await mustFind(tx, branchId, id);
    await repo.updateVendor(tx, branchId, id, { archivedAt: now, updatedAt: now });
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'vendor.archive',
      entity: 'vendor',
      entityId: id,
      data: { name: current.name },
      at: now,
    });
  });
}

export async function vendorStock({
  db,
  branchId,
  id,
  invoiceDate,
}: {
  db: Db;
  branchId: string;
  id: string;
  invoiceDate: string | undefined;
}): Promise<VendorStockList> {
  await mustFind(db, branchId, id);
  const rows = await repo.listStock(db, branchId, id, invoiceDate);
  return { items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}

/**
 * stock_details.csv rows: Invoice Date, Stock Name, Quantity and Unit as on screen (15 L, not
 * 15000 ml; exact, no digit grouping), Price (rupees, 2 decimals). The spec's defaults for empty
 * cells ('N/A', '0', '0.00') never apply: every column is NOT NULL.
 */
export async function vendorStockCsvRows(input: {
  db: Db;
  branchId: string;
  id: string;
  invoiceDate: string | undefined;
}): Promise<CsvCell[][]> {
  const { items } = await vendorStock(input);
  return items.map((row) => {
    const { amount, unit } = displayQuantity(row.quantity, row.unit);
    return [row.invoiceDate, row.stockName, amount, unit, paiseToRupeesString(row.pricePaise)];
  });
}

/** The spec's 'Add Comment': a payment to the vendor ('Vendor details updated!'). */
export async function addVendorPayment({
  db,
  clock,
  branchId,
  timeZone,
  userId,
  id,
  input,
}: ZonedActor & {
  id: string;
  input: z.output<typeof vendorPaymentBodySchema>;
}): Promise<VendorPayment> {
  const now = clock();
  const payment = await db.transaction(async (tx) => {
    await mustFind(tx, branchId, id);
    // A payment already made: not after the branch's today (the calendar greys those days too).
    if (input.paidOn > businessDate(now, timeZone)) {
      throw paymentDateInFuture();
    }
    const payment = await repo.insertPayment(tx, {
      branchId,
      vendorId: id,
      ...input,
      createdBy: userId,
      createdAt: now,
    });
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'vendor.payment',
      entity: 'vendor',
      entityId: id,
      data: { amountPaise: input.amountPaise, paidBy: input.paidBy, paidOn: input.paidOn },
      at: now,
    });
    return payment;
  });
  return { ...payment, createdAt: payment.createdAt.toISOString() };
}

/** /vendor-payment-dashboard: every live vendor's money, the largest remaining first. */
export async function paymentsSummary({
  db,
  branchId,
}: {
  db: Db;
  branchId: string;
}): Promise<VendorPaymentsSummary> {
  const vendors = await vendorViews(db, branchId, await repo.listVendors(db, branchId));
  return {
    items: vendors
      .map(({ id, name, totalPaise, paidPaise, remainingPaise }) => ({
        id,
        name,
        totalPaise,
        paidPaise,
        remainingPaise,
      }))
      .sort((a, b) => b.remainingPaise - a.remainingPaise || a.name.localeCompare(b.name)),
  };
}

/**
 * What Add Stock offers (staff included): vendors, their categories and items; each item's
 * latest purchase only `withMoney` (managers).
 */
export async function stockOptions({
  db,
  branchId,
  withMoney,
}: {
  db: Db;
  branchId: string;
  withMoney: boolean;
}): Promise<StockOptions> {
  const vendors = await repo.listVendors(db, branchId);
  const supplied = await repo.listSuppliedItems(
    db,
    branchId,
    vendors.map((v) => v.id),
  );
  const purchases = withMoney
    ? await latestPurchasesOf(db, branchId, [...new Set(supplied.map((item) => item.id))])
    : new Map<string, { pricePaise: number; quantity: number }>();
  const itemsOf = groupBy(
    supplied.map((item) => {
      const purchase = purchases.get(item.id);
      return {
        ...item,
        lastPurchase: purchase
          ? { pricePaise: purchase.pricePaise, quantity: purchase.quantity }
          : null,
      };
    }),
  );
  return {
    vendors: vendors.map(({ id, name, categories }) => ({
      id,
      name,
      categories,
      items: itemsOf.get(id) ?? [],
    })),
  };
}

/**
 * For a stock submission: each live vendor of the branch among `vendorIds`, with the ids of
 * the items it supplies. Unknown, archived and foreign vendors are absent.
 */
export async function vendorSupplies(db: DbOrTx, branchId: string, vendorIds: string[]) {
  const vendors = await repo.listVendors(db, branchId, vendorIds);
  const items = await repo.listSuppliedItems(
    db,
    branchId,
    vendors.map((v) => v.id),
  );
  const supplies = new Map(vendors.map((v) => [v.id, new Set<string>()]));
  for (const item of items) supplies.get(item.vendorId)?.add(item.id);
  return supplies;
}

/**
 * The demo seed (server/demo): writes the demo's vendors with the items they supply, and its
 * weekly payments to them, as given (ids and times are the seed's), with no audit entry.
 * `addVendor` and `addVendorPayment` are the operations.
 */
export async function recordDemoVendors(
  tx: DbOrTx,
  rows: {
    vendors: NewVendor[];
    vendorItems: { branchId: string; vendorId: string; ingredientId: string }[];
    payments: NewVendorPayment[];
  },
): Promise<void> {
  for (const vendor of rows.vendors) {
    await repo.insertVendor(tx, vendor);
    const supplied = rows.vendorItems.filter((item) => item.vendorId === vendor.id);
    await repo.replaceSuppliedItems(
      tx,
      vendor.branchId,
      vendor.id!,
      supplied.map((item) => item.ingredientId),
    );
  }
  for (const payment of rows.payments) await repo.insertPayment(tx, payment);
}
