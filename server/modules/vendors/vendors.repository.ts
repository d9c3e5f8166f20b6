import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  ingredients,
  stockPurchases,
  vendorItems,
  vendorPayments,
  vendors,
  type NewVendor,
  type NewVendorPayment,
} from '../../db/schema';
import { containsPattern } from '../../lib/sql';

const live = (branchId: string) => and(eq(vendors.branchId, branchId), isNull(vendors.archivedAt));

const vendorColumns = {
  id: vendors.id,
  name: vendors.name,
  contactNo: vendors.contactNo,
  address: vendors.address,
  categories: vendors.categories,
  createdAt: vendors.createdAt,
};

/** Live vendors, by name; `ids` narrows to those. */
export function listVendors(db: DbOrTx, branchId: string, ids?: string[]) {
  return db
    .select(vendorColumns)
    .from(vendors)
    .where(and(live(branchId), ids ? inArray(vendors.id, ids) : undefined))
    .orderBy(asc(sql`lower(${vendors.name})`), asc(vendors.id));
}
export type VendorRow = Awaited<ReturnType<typeof listVendors>>[number];

export async function findVendor(db: DbOrTx, branchId: string, id: string) {
  const [row] = await listVendors(db, branchId, [id]);
  return row ?? null;
}

/** The live items each vendor supplies (deleted ingredients left out). */
export function listSuppliedItems(db: DbOrTx, branchId: string, vendorIds: string[]) {
  if (vendorIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      vendorId: vendorItems.vendorId,
      id: ingredients.id,
      name: ingredients.name,
      category: ingredients.category,
      quantity: ingredients.quantity,
      unit: ingredients.unit,
    })
    .from(vendorItems)
    .innerJoin(
      ingredients,
      and(
        eq(ingredients.branchId, vendorItems.branchId),
        eq(ingredients.id, vendorItems.ingredientId),
      ),
    )
    .where(
      and(
        eq(vendorItems.branchId, branchId),
        inArray(vendorItems.vendorId, vendorIds),
        isNull(ingredients.deletedAt),
      ),
    )
    .orderBy(asc(sql`lower(${ingredients.category})`), asc(sql`lower(${ingredients.name})`));
}

const sumOf = (column: typeof stockPurchases.pricePaise | typeof vendorPayments.amountPaise) =>
  sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/**
 * Per vendor: the sum of its stock prices (reversed entries left out) and of its payments (all
 * vendors when no ids).
 */
export async function vendorSums(db: DbOrTx, branchId: string, vendorIds?: string[]) {
  const [purchases, payments] = await Promise.all([
    db
      .select({ vendorId: stockPurchases.vendorId, sum: sumOf(stockPurchases.pricePaise) })
      .from(stockPurchases)
      .where(
        and(
          eq(stockPurchases.branchId, branchId),
          vendorIds ? inArray(stockPurchases.vendorId, vendorIds) : undefined,
          // A reversed entry (a mistake) is owed to nobody.
          isNull(stockPurchases.reversedAt),
        ),
      )
      .groupBy(stockPurchases.vendorId),
    db
      .select({ vendorId: vendorPayments.vendorId, sum: sumOf(vendorPayments.amountPaise) })
      .from(vendorPayments)
      .where(
        and(
          eq(vendorPayments.branchId, branchId),
          vendorIds ? inArray(vendorPayments.vendorId, vendorIds) : undefined,
        ),
      )
      .groupBy(vendorPayments.vendorId),
  ]);
  return {
    total: new Map(purchases.map((row) => [row.vendorId, row.sum])),
    paid: new Map(payments.map((row) => [row.vendorId, row.sum])),
  };
}

export async function insertVendor(db: DbOrTx, row: NewVendor) {
  const [inserted] = await db.insert(vendors).values(row).returning({ id: vendors.id });
  return inserted!.id;
}

export async function updateVendor(
  db: DbOrTx,
  branchId: string,
  id: string,
  values: Partial<NewVendor>,
) {
  await db
    .update(vendors)
    .set(values)
    .where(and(live(branchId), eq(vendors.id, id)));
}

/** The vendor's supplied items become exactly `ingredientIds`. */
export async function replaceSuppliedItems(
  db: DbOrTx,
  branchId: string,
  vendorId: string,
  ingredientIds: string[],
) {
  await db
    .delete(vendorItems)
    .where(and(eq(vendorItems.branchId, branchId), eq(vendorItems.vendorId, vendorId)));
  if (ingredientIds.length > 0) {
    await db
      .insert(vendorItems)
      .values(ingredientIds.map((ingredientId) => ({ branchId, vendorId, ingredientId })));
  }
}

/**
 * A vendor's stock purchases that stand (reversed ones left out), newest invoice first;
 * `invoiceDate` matches as a substring.
 */
export function listStock(
  db: DbOrTx,
  branchId: string,
  vendorId: string,
  invoiceDate: string | undefined,
) {
  const pattern = containsPattern(invoiceDate);
  return db
    .select({
      id: stockPurchases.id,
      invoiceDate: stockPurchases.invoiceDate,
      invoiceNumber: stockPurchases.invoiceNumber,
      ingredientId: stockPurchases.ingredientId,
      stockName: ingredients.name,
      category: ingredients.category,
      quantity: stockPurchases.quantity,
      unit: ingredients.unit,
      pricePaise: stockPurchases.pricePaise,
      createdAt: stockPurchases.createdAt,
    })
    .from(stockPurchases)
    .innerJoin(
      ingredients,
      and(
        eq(ingredients.branchId, stockPurchases.branchId),
        eq(ingredients.id, stockPurchases.ingredientId),
      ),
    )
    .where(
      and(
        eq(stockPurchases.branchId, branchId),
        eq(stockPurchases.vendorId, vendorId),
        isNull(stockPurchases.reversedAt),
        pattern ? sql`${stockPurchases.invoiceDate}::text like ${pattern}` : undefined,
      ),
    )
    .orderBy(
      desc(stockPurchases.invoiceDate),
      desc(stockPurchases.createdAt),
      desc(stockPurchases.id),
    );
}

export async function insertPayment(db: DbOrTx, row: NewVendorPayment) {
  const [inserted] = await db.insert(vendorPayments).values(row).returning({
    id: vendorPayments.id,
    amountPaise: vendorPayments.amountPaise,
    paidBy: vendorPayments.paidBy,
    paidOn: vendorPayments.paidOn,
    createdAt: vendorPayments.createdAt,
  });
  return inserted!;
}

export function listPayments(db: DbOrTx, branchId: string, vendorId: string) {
  return db
    .select({
      id: vendorPayments.id,
      amountPaise: vendorPayments.amountPaise,
      paidBy: vendorPayments.paidBy,
      paidOn: vendorPayments.paidOn,
      createdAt: vendorPayments.createdAt,
    })
    .from(vendorPayments)
    .where(and(eq(vendorPayments.branchId, branchId), eq(vendorPayments.vendorId, vendorId)))
    .orderBy(desc(vendorPayments.paidOn), desc(vendorPayments.createdAt));
}
