import { and, asc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ingredients, productIngredients, products, type NewProduct } from '../../db/schema';
import { containsPattern } from '../../lib/sql';

const live = (branchId: string) =>
  and(eq(products.branchId, branchId), isNull(products.archivedAt));

const productColumns = {
  id: products.id,
  name: products.name,
  pricePaise: products.pricePaise,
  subcategory: products.subcategory,
  gstRateBps: products.gstRateBps,
  hsn: products.hsn,
  outsideGst: products.outsideGst,
  archivedAt: products.archivedAt,
};
export type ProductRow = Awaited<ReturnType<typeof listProducts>>[number];

/** Products on sale, by subcategory then name (any case). */
export function listProducts(db: DbOrTx, branchId: string) {
  return db
    .select(productColumns)
    .from(products)
    .where(live(branchId))
    .orderBy(asc(sql`lower(${products.subcategory})`), asc(sql`lower(${products.name})`));
}

/** One product, archived or not (bills and reports still name archived ones). */
export async function findProduct(db: DbOrTx, branchId: string, id: string) {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.branchId, branchId), eq(products.id, id)));
  return row ?? null;
}

/** A product on sale, locked until the transaction ends. */
export async function lockLiveProduct(db: DbOrTx, branchId: string, id: string) {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(live(branchId), eq(products.id, id)))
    .for('update');
  return row ?? null;
}

/** The products of `ids` on sale in this branch, locked until the transaction ends. */
export function lockLiveProducts(db: DbOrTx, branchId: string, ids: string[]) {
  return db
    .select(productColumns)
    .from(products)
    .where(and(live(branchId), inArray(products.id, ids)))
    .for('update');
}

/** Sets the same tax fields on the products of `ids` (locked by `lockLiveProducts`). */
export async function updateProductsTax(
  db: DbOrTx,
  branchId: string,
  ids: string[],
  values: Pick<Partial<NewProduct>, 'gstRateBps' | 'hsn' | 'outsideGst' | 'updatedAt'>,
) {
  await db
    .update(products)
    .set(values)
    .where(and(eq(products.branchId, branchId), inArray(products.id, ids)));
}

/**
 * Recipe rows of the given products, with what the recipe screens show of each ingredient
 * (read only: the ingredients table belongs to inventory).
 */
export function recipeRows(db: DbOrTx, branchId: string, productIds: string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      productId: productIngredients.productId,
      ingredientId: productIngredients.ingredientId,
      quantityUsed: productIngredients.quantityUsed,
      category: ingredients.category,
      name: ingredients.name,
      unit: ingredients.unit,
      stockQuantity: ingredients.quantity,
      deletedAt: ingredients.deletedAt,
    })
    .from(productIngredients)
    .innerJoin(
      ingredients,
      and(
        eq(ingredients.branchId, productIngredients.branchId),
        eq(ingredients.id, productIngredients.ingredientId),
      ),
    )
    .where(
      and(
        eq(productIngredients.branchId, branchId),
        inArray(productIngredients.productId, productIds),
      ),
    )
    .orderBy(asc(sql`lower(${ingredients.category})`), asc(sql`lower(${ingredients.name})`));
}
export type RecipeRowData = Awaited<ReturnType<typeof recipeRows>>[number];

export async function insertProduct(db: DbOrTx, row: NewProduct) {
  const [inserted] = await db.insert(products).values(row).returning({ id: products.id });
  return inserted!.id;
}

export async function updateProduct(
  db: DbOrTx,
  branchId: string,
  id: string,
  values: Partial<NewProduct>,
) {
  await db
    .update(products)
    .set(values)
    .where(and(eq(products.branchId, branchId), eq(products.id, id)));
}

/** Replaces a product's recipe with `rows`. */
export async function replaceRecipe(
  db: DbOrTx,
  branchId: string,
  productId: string,
  rows: { ingredientId: string; quantityUsed: number }[],
) {
  await db
    .delete(productIngredients)
    .where(
      and(eq(productIngredients.branchId, branchId), eq(productIngredients.productId, productId)),
    );
  if (rows.length > 0) {
    await db
      .insert(productIngredients)
      .values(rows.map((row) => ({ branchId, productId, ...row })));
  }
}

/** The branch's subcategories (of products on sale) containing `search`, any case; at most 20. */
export async function listSubcategories(db: DbOrTx, branchId: string, search: string | undefined) {
  const pattern = containsPattern(search);
  // 'Dosa' and 'dosa' are one subcategory: offered once, as first written.
  const key = sql`lower(${products.subcategory})`;
  const rows = await db
    .select({ subcategory: sql<string>`min(${products.subcategory})` })
    .from(products)
    .where(and(live(branchId), pattern ? ilike(products.subcategory, pattern) : undefined))
    .groupBy(key)
    .orderBy(asc(key))
    .limit(20);
  return rows.map((row) => row.subcategory);
}
