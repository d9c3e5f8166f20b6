import { and, asc, eq, ilike, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  addonGroups,
  addonOptions,
  choiceIngredients,
  ingredients,
  productAddonGroups,
  productIngredients,
  products,
  productVariants,
  subcategoryPositions,
  type NewProduct,
} from '../../db/schema';
import { containsPattern } from '../../lib/sql';

const live = (branchId: string) =>
  and(eq(products.branchId, branchId), isNull(products.archivedAt));

/** Sold out now: `sold_out_until` after `now` (the app's clock; 'infinity' is after all). */
export const soldOutAt = (
  column: typeof products.soldOutUntil | typeof productVariants.soldOutUntil,
  now: Date,
) => sql<boolean>`coalesce(${column} > ${now.toISOString()}::timestamptz, false)`;

const productColumns = {
  id: products.id,
  name: products.name,
  pricePaise: products.pricePaise,
  subcategory: products.subcategory,
  gstRateBps: products.gstRateBps,
  hsn: products.hsn,
  outsideGst: products.outsideGst,
  shortCode: products.shortCode,
  colour: products.colour,
  position: products.position,
  archivedAt: products.archivedAt,
};
const productColumnsAt = (now: Date) => ({
  ...productColumns,
  soldOut: soldOutAt(products.soldOutUntil, now),
});
export type ProductRow = Awaited<ReturnType<typeof listProducts>>[number];

/**
 * Menu order: subcategories as the branch ordered them (`subcategory_positions`, any case),
 * then the others by name; within one, products by position, then name.
 */
const menuOrder = (): SQL[] => [
  sql`(select ${subcategoryPositions.position} from ${subcategoryPositions}
        where ${subcategoryPositions.branchId} = ${products.branchId}
          and lower(${subcategoryPositions.name}) = lower(${products.subcategory})
        order by ${subcategoryPositions.position} limit 1) asc nulls last`,
  asc(sql`lower(${products.subcategory})`),
  asc(products.subcategory),
  asc(products.position),
  asc(sql`lower(${products.name})`),
  asc(products.id),
];

/** Products on sale, in menu order. */
export function listProducts(db: DbOrTx, branchId: string, now: Date) {
  return db
    .select(productColumnsAt(now))
    .from(products)
    .where(live(branchId))
    .orderBy(...menuOrder());
}

/** One product, archived or not (bills and reports still name archived ones). */
export async function findProduct(db: DbOrTx, branchId: string, id: string, now: Date) {
  const [row] = await db
    .select(productColumnsAt(now))
    .from(products)
    .where(and(eq(products.branchId, branchId), eq(products.id, id)));
  return row ?? null;
}

/** Another product on sale here with this short code (none: null). */
export async function productWithShortCode(
  db: DbOrTx,
  branchId: string,
  shortCode: string,
  exceptId: string | null,
) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        live(branchId),
        eq(products.shortCode, shortCode),
        exceptId ? ne(products.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Marks a product sold out until `until` ('infinity' or an instant), or back on sale (null). */
export async function setProductSoldOut(
  db: DbOrTx,
  branchId: string,
  id: string,
  until: Date | 'infinity' | null,
) {
  await db
    .update(products)
    .set({ soldOutUntil: soldOutValue(until) })
    .where(and(eq(products.branchId, branchId), eq(products.id, id)));
}

export async function setVariantSoldOut(
  db: DbOrTx,
  branchId: string,
  id: string,
  until: Date | 'infinity' | null,
) {
  await db
    .update(productVariants)
    .set({ soldOutUntil: soldOutValue(until) })
    .where(and(eq(productVariants.branchId, branchId), eq(productVariants.id, id)));
}

const soldOutValue = (until: Date | 'infinity' | null) =>
  until === 'infinity' ? sql`'infinity'::timestamptz` : until;

/** Sets `position` of each listed product of the branch (its index); answers the ids found. */
export async function setProductPositions(db: DbOrTx, branchId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .update(products)
    .set({
      // Ids are UUIDs (checked by the body's schema): the array literal needs no quoting.
      position: sql`array_position(${`{${ids.join(',')}}`}::uuid[], ${products.id}) - 1`,
    })
    .where(and(eq(products.branchId, branchId), inArray(products.id, ids)))
    .returning({ id: products.id });
  return rows.map((row) => row.id);
}

/** The products of `ids` in this branch (archived too), for the menu order's check. */
export async function productIdsOfBranch(db: DbOrTx, branchId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.branchId, branchId), inArray(products.id, ids)));
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// Add-on groups on products
// ---------------------------------------------------------------------------------------------

/** The live add-on groups `productIds` offer, in the picker's order. */
export function productGroupLinks(db: DbOrTx, branchId: string, productIds: string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select({ productId: productAddonGroups.productId, groupId: productAddonGroups.groupId })
    .from(productAddonGroups)
    .innerJoin(
      addonGroups,
      and(
        eq(addonGroups.branchId, productAddonGroups.branchId),
        eq(addonGroups.id, productAddonGroups.groupId),
      ),
    )
    .where(
      and(
        eq(productAddonGroups.branchId, branchId),
        inArray(productAddonGroups.productId, productIds),
        isNull(addonGroups.archivedAt),
      ),
    )
    .orderBy(asc(productAddonGroups.position), asc(productAddonGroups.groupId));
}

/** Replaces the groups a product offers with `groupIds`, in that order. */
export async function replaceProductGroups(
  db: DbOrTx,
  branchId: string,
  productId: string,
  groupIds: string[],
) {
  await db
    .delete(productAddonGroups)
    .where(
      and(eq(productAddonGroups.branchId, branchId), eq(productAddonGroups.productId, productId)),
    );
  if (groupIds.length > 0) {
    await db
      .insert(productAddonGroups)
      .values(groupIds.map((groupId, position) => ({ branchId, productId, groupId, position })));
  }
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

/** The demo seed's variants, add-on groups, options, links and choice recipes, as given. */
export async function insertMenuChoices(
  db: DbOrTx,
  rows: {
    variants: (typeof productVariants.$inferInsert)[];
    groups: (typeof addonGroups.$inferInsert)[];
    options: (typeof addonOptions.$inferInsert)[];
    productGroups: (typeof productAddonGroups.$inferInsert)[];
    recipes: (typeof choiceIngredients.$inferInsert)[];
  },
) {
  if (rows.variants.length) await db.insert(productVariants).values(rows.variants);
  if (rows.groups.length) await db.insert(addonGroups).values(rows.groups);
  if (rows.options.length) await db.insert(addonOptions).values(rows.options);
  if (rows.productGroups.length) await db.insert(productAddonGroups).values(rows.productGroups);
  if (rows.recipes.length) await db.insert(choiceIngredients).values(rows.recipes);
}
export type MenuChoiceRows = Parameters<typeof insertMenuChoices>[1];

/**
 * What a refused tap's words need (tables.errors.ts): the product's name and whether it is sold out, its
 * live variants, and the live groups it offers with their live options, in the picker's order;
 * null for a product not on sale in the branch. Read only after a refusal, never on a tap's way.
 */
export async function findChoices(db: DbOrTx, branchId: string, productId: string, now: Date) {
  const [product] = await db
    .select({ name: products.name, soldOut: soldOutAt(products.soldOutUntil, now) })
    .from(products)
    .where(
      and(eq(products.branchId, branchId), eq(products.id, productId), isNull(products.archivedAt)),
    );
  if (!product) return null;
  const variants = await db
    .select({
      id: productVariants.id,
      name: productVariants.name,
      soldOut: soldOutAt(productVariants.soldOutUntil, now),
    })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.branchId, branchId),
        eq(productVariants.productId, productId),
        isNull(productVariants.archivedAt),
      ),
    )
    .orderBy(asc(productVariants.position), asc(productVariants.name));
  const groups = await db
    .select({
      id: addonGroups.id,
      name: addonGroups.name,
      minChoices: addonGroups.minChoices,
      maxChoices: addonGroups.maxChoices,
    })
    .from(productAddonGroups)
    .innerJoin(
      addonGroups,
      and(
        eq(addonGroups.branchId, productAddonGroups.branchId),
        eq(addonGroups.id, productAddonGroups.groupId),
      ),
    )
    .where(
      and(
        eq(productAddonGroups.branchId, branchId),
        eq(productAddonGroups.productId, productId),
        isNull(addonGroups.archivedAt),
      ),
    )
    .orderBy(asc(productAddonGroups.position), asc(addonGroups.name));
  const options =
    groups.length === 0
      ? []
      : await db
          .select({ id: addonOptions.id, groupId: addonOptions.groupId })
          .from(addonOptions)
          .where(
            and(
              eq(addonOptions.branchId, branchId),
              inArray(
                addonOptions.groupId,
                groups.map((group) => group.id),
              ),
              isNull(addonOptions.archivedAt),
            ),
          );
  return {
    ...product,
    variants,
    groups: groups.map((group) => ({
      ...group,
      options: options.filter((option) => option.groupId === group.id),
    })),
  };
}
