// Variants of products and the recipes of choices (variants and add-on options): docs/menu.md.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { choiceIngredients, ingredients, productVariants } from '../../db/schema';
import { soldOutAt } from './products.repository';

// ---------------------------------------------------------------------------------------------
// Variants
// ---------------------------------------------------------------------------------------------

const variantColumnsAt = (now: Date) => ({
  id: productVariants.id,
  productId: productVariants.productId,
  name: productVariants.name,
  pricePaise: productVariants.pricePaise,
  isDefault: productVariants.isDefault,
  position: productVariants.position,
  soldOut: soldOutAt(productVariants.soldOutUntil, now),
});
export type VariantRow = Awaited<ReturnType<typeof liveVariants>>[number];

/** The live variants of `productIds`, in their order. */
export function liveVariants(db: DbOrTx, branchId: string, productIds: string[], now: Date) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select(variantColumnsAt(now))
    .from(productVariants)
    .where(
      and(
        eq(productVariants.branchId, branchId),
        inArray(productVariants.productId, productIds),
        isNull(productVariants.archivedAt),
      ),
    )
    .orderBy(asc(productVariants.position), asc(productVariants.id));
}

/** A product's live variants, locked until the transaction ends. */
export function lockLiveVariants(db: DbOrTx, branchId: string, productId: string) {
  return db
    .select({ id: productVariants.id, name: productVariants.name })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.branchId, branchId),
        eq(productVariants.productId, productId),
        isNull(productVariants.archivedAt),
      ),
    )
    .orderBy(asc(productVariants.position), asc(productVariants.id))
    .for('update');
}

export async function insertVariant(
  db: DbOrTx,
  row: typeof productVariants.$inferInsert,
): Promise<string> {
  const [inserted] = await db
    .insert(productVariants)
    .values(row)
    .returning({ id: productVariants.id });
  return inserted!.id;
}

export async function updateVariant(
  db: DbOrTx,
  branchId: string,
  id: string,
  values: Partial<typeof productVariants.$inferInsert>,
) {
  await db
    .update(productVariants)
    .set(values)
    .where(and(eq(productVariants.branchId, branchId), eq(productVariants.id, id)));
}

/**
 * Frees the names and the default of variants about to be rewritten, so that a save that swaps
 * two names (or the default) never meets the unique indexes half way.
 */
export async function parkVariants(db: DbOrTx, branchId: string, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .update(productVariants)
    .set({ name: sql`${productVariants.id}::text`, isDefault: false })
    .where(and(eq(productVariants.branchId, branchId), inArray(productVariants.id, ids)));
}

export async function archiveVariants(db: DbOrTx, branchId: string, ids: string[], at: Date) {
  if (ids.length === 0) return;
  await db
    .update(productVariants)
    .set({ archivedAt: at, isDefault: false })
    .where(and(eq(productVariants.branchId, branchId), inArray(productVariants.id, ids)));
}

// ---------------------------------------------------------------------------------------------
// Recipes of choices (variants and add-on options)
// ---------------------------------------------------------------------------------------------

/** Recipe rows of variants or options, with what the recipe screens show of each ingredient. */
export function choiceRecipeRows(db: DbOrTx, branchId: string, choiceIds: string[]) {
  if (choiceIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      choiceId: choiceIngredients.choiceId,
      ingredientId: choiceIngredients.ingredientId,
      quantityUsed: choiceIngredients.quantityUsed,
      category: ingredients.category,
      name: ingredients.name,
      unit: ingredients.unit,
      stockQuantity: ingredients.quantity,
      deletedAt: ingredients.deletedAt,
    })
    .from(choiceIngredients)
    .innerJoin(
      ingredients,
      and(
        eq(ingredients.branchId, choiceIngredients.branchId),
        eq(ingredients.id, choiceIngredients.ingredientId),
      ),
    )
    .where(
      and(eq(choiceIngredients.branchId, branchId), inArray(choiceIngredients.choiceId, choiceIds)),
    )
    .orderBy(asc(sql`lower(${ingredients.category})`), asc(sql`lower(${ingredients.name})`));
}
export type ChoiceRecipeRowData = Awaited<ReturnType<typeof choiceRecipeRows>>[number];

/** Replaces the recipe of one variant or one option with `rows`. */
export async function replaceChoiceRecipe(
  db: DbOrTx,
  branchId: string,
  owner: { variantId: string } | { optionId: string },
  rows: { ingredientId: string; quantityUsed: number }[],
) {
  const choiceId = 'variantId' in owner ? owner.variantId : owner.optionId;
  await db
    .delete(choiceIngredients)
    .where(and(eq(choiceIngredients.branchId, branchId), eq(choiceIngredients.choiceId, choiceId)));
  if (rows.length > 0) {
    await db.insert(choiceIngredients).values(
      rows.map((row) => ({
        branchId,
        choiceId,
        variantId: 'variantId' in owner ? owner.variantId : null,
        optionId: 'optionId' in owner ? owner.optionId : null,
        ...row,
      })),
    );
  }
}
