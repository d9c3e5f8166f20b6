// Adding, editing, taxing and archiving products with their variants and recipes (docs/menu.md).
import type { z } from 'zod';
import {
  DEFAULT_PRODUCT_TAX,
  type Product,
  type ProductTaxResult,
  type productBodySchema,
  type productTaxBodySchema,
} from '../../../shared/schemas/products.schemas';
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { Actor } from '../../lib/actor';
import { uniqueViolation } from '../../lib/db-errors';
import { publishBranchEvent } from '../../lib/events';
import { liveIngredients } from '../inventory/inventory.usecases';
import * as groupsRepo from './addon-groups.repository';
import {
  addonGroupNotFound,
  productNotFound,
  recipeIngredientNotFound,
  shortCodeTaken,
  variantNotFound,
} from './products.errors';
import * as repo from './products.repository';
import * as variantsRepo from './products.variants.repository';
import { TAX_KEYS, groupIdsOf } from './products.usecases';
import { getProduct } from './products.usecases';

type ProductInput = z.output<typeof productBodySchema>;
type ProductTaxInput = z.output<typeof productTaxBodySchema>;

/** The tax fields a product's audit and comparisons look at. */
interface PlacedRow {
  ingredientId: string;
  field: string;
}

/** Every recipe row of the body (the product's and its variants'), with its field. */
function placedRows(input: ProductInput): PlacedRow[] {
  return [
    ...input.ingredients.map((row, index) => ({
      ingredientId: row.ingredientId,
      field: `ingredients.${index}.ingredientId`,
    })),
    ...(input.variants ?? []).flatMap((variant, v) =>
      variant.ingredients.map((row, index) => ({
        ingredientId: row.ingredientId,
        field: `variants.${v}.ingredients.${index}.ingredientId`,
      })),
    ),
  ];
}

/** Every recipe row must name a live ingredient of this branch (else 404 naming the row). */
export async function assertLiveIngredients(db: DbOrTx, branchId: string, rows: PlacedRow[]) {
  const found = new Set(
    (await liveIngredients(db, branchId, [...new Set(rows.map((row) => row.ingredientId))])).map(
      (row) => row.id,
    ),
  );
  const missing = rows.find((row) => !found.has(row.ingredientId));
  if (missing) throw recipeIngredientNotFound(missing.field);
}

const recipeForAudit = (rows: readonly { ingredientId: string; quantityUsed: number }[]) =>
  rows.map(({ ingredientId, quantityUsed }) => ({ ingredientId, quantityUsed }));

/** The price a product with these variants carries: the default's, else the first's. */
function priceOf(variants: readonly { pricePaise: number; isDefault: boolean }[], own: number) {
  if (variants.length === 0) return own;
  return (variants.find((variant) => variant.isDefault) ?? variants[0]!).pricePaise;
}

/** A short code given to another product on sale answers 409 naming `shortCode`. */
async function assertShortCodeFree(
  db: DbOrTx,
  branchId: string,
  shortCode: string | null | undefined,
  productId: string | null,
) {
  if (!shortCode) return;
  if (await repo.productWithShortCode(db, branchId, shortCode, productId)) throw shortCodeTaken();
}

/** Every add-on group named must be a live one of this branch (else 404 naming the entry). */
async function assertLiveGroups(db: DbOrTx, branchId: string, groupIds: string[] | undefined) {
  if (!groupIds?.length) return;
  const found = new Set(await groupsRepo.liveGroupIds(db, branchId, groupIds));
  const missing = groupIds.findIndex((groupId) => !found.has(groupId));
  if (missing !== -1) throw addonGroupNotFound(`addonGroupIds.${missing}`);
}

interface VariantForAudit {
  id: string;
  name: string;
  pricePaise: number;
  isDefault: boolean;
  ingredients: { ingredientId: string; quantityUsed: number }[];
}

/**
 * Writes the variants listed (in their order): those with an id are kept (they must be live
 * variants of this product), the others inserted, live ones left out archived. Each one's
 * recipe replaced. Answers them as the audit records them.
 */
async function writeVariants(
  tx: DbOrTx,
  branchId: string,
  productId: string,
  variants: NonNullable<ProductInput['variants']>,
  now: Date,
): Promise<VariantForAudit[]> {
  const current = await variantsRepo.lockLiveVariants(tx, branchId, productId);
  const live = new Set(current.map((variant) => variant.id));
  const kept = new Set<string>();
  variants.forEach((variant, index) => {
    if (!variant.id) return;
    if (!live.has(variant.id) || kept.has(variant.id))
      throw variantNotFound(`variants.${index}.id`);
    kept.add(variant.id);
  });
  await variantsRepo.archiveVariants(
    tx,
    branchId,
    current.filter((variant) => !kept.has(variant.id)).map((variant) => variant.id),
    now,
  );
  await variantsRepo.parkVariants(tx, branchId, [...kept]);
  const written: VariantForAudit[] = [];
  for (const [position, variant] of variants.entries()) {
    const values = {
      name: variant.name,
      pricePaise: variant.pricePaise,
      isDefault: variant.isDefault,
      position,
    };
    let id = variant.id;
    if (id) await variantsRepo.updateVariant(tx, branchId, id, values);
    else id = await variantsRepo.insertVariant(tx, { branchId, productId, ...values });
    await variantsRepo.replaceChoiceRecipe(tx, branchId, { variantId: id }, variant.ingredients);
    written.push({ id, ...values, ingredients: recipeForAudit(variant.ingredients) });
  }
  return written.map(({ id, name, pricePaise, isDefault, ingredients }) => ({
    id,
    name,
    pricePaise,
    isDefault,
    ingredients,
  }));
}

/** A product's live variants with their recipes, as the audit records them. */
async function variantsForAudit(
  db: DbOrTx,
  branchId: string,
  productId: string,
  now: Date,
): Promise<VariantForAudit[]> {
  const variants = await variantsRepo.liveVariants(db, branchId, [productId], now);
  const recipes = await variantsRepo.choiceRecipeRows(
    db,
    branchId,
    variants.map((variant) => variant.id),
  );
  return variants.map((variant) => ({
    id: variant.id,
    name: variant.name,
    pricePaise: variant.pricePaise,
    isDefault: variant.isDefault,
    ingredients: recipeForAudit(
      recipes
        .filter((row) => row.choiceId === variant.id)
        .sort((a, b) => a.ingredientId.localeCompare(b.ingredientId)),
    ),
  }));
}

/** A short code taken meanwhile by another save answers as the check before it does. */
async function shortCodeChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error) === 'products_short_code_unique') throw shortCodeTaken();
    throw error;
  }
}

/**
 * Add New Product: the product, its recipe, its variants (with theirs) and its add-on groups in
 * one transaction. With variants, its price is the default variant's (else the first's).
 */
export async function addProduct({
  db,
  clock,
  branchId,
  userId,
  input,
}: Actor & { input: ProductInput }): Promise<Product> {
  const now = clock();
  const tax = {
    gstRateBps: input.gstRateBps ?? DEFAULT_PRODUCT_TAX.gstRateBps,
    hsn: input.hsn ?? DEFAULT_PRODUCT_TAX.hsn,
    outsideGst: input.outsideGst ?? DEFAULT_PRODUCT_TAX.outsideGst,
  };
  const rows = placedRows(input);
  const pricePaise = priceOf(input.variants ?? [], input.pricePaise);
  const id = await shortCodeChecked(() =>
    db.transaction(async (tx) => {
      await assertShortCodeFree(tx, branchId, input.shortCode, null);
      await assertLiveGroups(tx, branchId, input.addonGroupIds);
      input.variants?.forEach((variant, index) => {
        // A new product has no variants to keep.
        if (variant.id) throw variantNotFound(`variants.${index}.id`);
      });
      await assertLiveIngredients(tx, branchId, rows);
      const id = await repo.insertProduct(tx, {
        branchId,
        name: input.name,
        pricePaise,
        subcategory: input.subcategory,
        ...tax,
        shortCode: input.shortCode ?? null,
        colour: input.colour ?? null,
        createdAt: now,
        updatedAt: now,
      });
      await repo.replaceRecipe(tx, branchId, id, input.ingredients);
      const variants = input.variants
        ? await writeVariants(tx, branchId, id, input.variants, now)
        : [];
      if (input.addonGroupIds) {
        await repo.replaceProductGroups(tx, branchId, id, input.addonGroupIds);
      }
      // The rows' foreign keys now lock the ingredients; this catches a delete in between.
      await assertLiveIngredients(tx, branchId, rows);
      await recordAudit(tx, {
        branchId,
        userId,
        action: 'product.create',
        entity: 'product',
        entityId: id,
        data: {
          name: input.name,
          pricePaise,
          subcategory: input.subcategory,
          ...tax,
          ingredients: recipeForAudit(input.ingredients),
          shortCode: input.shortCode ?? null,
          colour: input.colour ?? null,
          ...(variants.length ? { variants } : {}),
          ...(input.addonGroupIds?.length ? { addonGroupIds: input.addonGroupIds } : {}),
        },
        at: now,
      });
      await publishBranchEvent(tx, branchId, { type: 'menu.changed' });
      return id;
    }),
  );
  return getProduct({ db, branchId, id, now });
}

/**
 * Edit Product: fields, recipe, variants and add-on groups in one transaction (menu fields left
 * out stay as they are). Bills keep the name and price they were made with (their lines are
 * snapshots), so a new price only affects new orders.
 */
export async function editProduct({
  db,
  clock,
  branchId,
  userId,
  id,
  input,
}: Actor & { id: string; input: ProductInput }): Promise<Product> {
  const now = clock();
  const rows = placedRows(input);
  await shortCodeChecked(() =>
    db.transaction(async (tx) => {
      const current = await repo.lockLiveProduct(tx, branchId, id);
      if (!current) throw productNotFound();
      await assertShortCodeFree(tx, branchId, input.shortCode, id);
      await assertLiveGroups(tx, branchId, input.addonGroupIds);
      await assertLiveIngredients(tx, branchId, rows);
      const before = await repo.recipeRows(tx, branchId, [id]);
      const variantsBefore = await variantsForAudit(tx, branchId, id, now);
      const groupsBefore = (await groupIdsOf(tx, branchId, [id])).get(id) ?? [];
      // Tax and menu fields left out keep their values.
      const next = {
        name: input.name,
        pricePaise: priceOf(input.variants ?? variantsBefore, input.pricePaise),
        subcategory: input.subcategory,
        gstRateBps: input.gstRateBps ?? current.gstRateBps,
        hsn: input.hsn ?? current.hsn,
        outsideGst: input.outsideGst ?? current.outsideGst,
        shortCode: input.shortCode === undefined ? current.shortCode : input.shortCode,
        colour: input.colour === undefined ? current.colour : input.colour,
      };
      await repo.updateProduct(tx, branchId, id, { ...next, updatedAt: now });
      await repo.replaceRecipe(tx, branchId, id, input.ingredients);
      const variantsAfter = input.variants
        ? await writeVariants(tx, branchId, id, input.variants, now)
        : variantsBefore;
      if (input.addonGroupIds) {
        await repo.replaceProductGroups(tx, branchId, id, input.addonGroupIds);
      }
      await assertLiveIngredients(tx, branchId, rows);

      const changes: Record<string, unknown> = {};
      const keys = ['name', 'pricePaise', 'subcategory', ...TAX_KEYS, 'shortCode', 'colour'];
      for (const key of keys as (keyof typeof next)[]) {
        if (current[key] !== next[key]) changes[key] = { from: current[key], to: next[key] };
      }
      const from = recipeForAudit(before);
      const to = recipeForAudit(input.ingredients);
      const sorted = (rows: typeof to) =>
        JSON.stringify([...rows].sort((a, b) => a.ingredientId.localeCompare(b.ingredientId)));
      if (sorted(from) !== sorted(to)) changes.ingredients = { from, to };
      const sortedVariants = (list: VariantForAudit[]) =>
        JSON.stringify(
          list.map((variant) => ({
            ...variant,
            ingredients: [...variant.ingredients].sort((a, b) =>
              a.ingredientId.localeCompare(b.ingredientId),
            ),
          })),
        );
      if (sortedVariants(variantsBefore) !== sortedVariants(variantsAfter)) {
        changes.variants = { from: variantsBefore, to: variantsAfter };
      }
      const groupsAfter = input.addonGroupIds ?? groupsBefore;
      if (JSON.stringify(groupsBefore) !== JSON.stringify(groupsAfter)) {
        changes.addonGroupIds = { from: groupsBefore, to: groupsAfter };
      }
      await recordAudit(tx, {
        branchId,
        userId,
        action: 'product.update',
        entity: 'product',
        entityId: id,
        data: changes,
        at: now,
      });
      await publishBranchEvent(tx, branchId, { type: 'menu.changed' });
    }),
  );
  return getProduct({ db, branchId, id, now });
}

/**
 * The list's "Set GST…": the same tax fields on many products of the branch, in one
 * transaction. Any id that is not a product on sale here (another branch's, an archived one)
 * answers 404 and nothing is written. One audit row per product that changed, as an edit.
 */
export async function setProductsTax({
  db,
  clock,
  branchId,
  userId,
  input,
}: Actor & { input: ProductTaxInput }): Promise<ProductTaxResult> {
  const now = clock();
  const { productIds, ...given } = input;
  const values = Object.fromEntries(
    Object.entries(given).filter(([, value]) => value !== undefined),
  ) as Partial<Pick<ProductInput, (typeof TAX_KEYS)[number]>>;
  return db.transaction(async (tx) => {
    const current = await repo.lockLiveProducts(tx, branchId, productIds);
    if (current.length !== productIds.length) throw productNotFound();
    await repo.updateProductsTax(tx, branchId, productIds, { ...values, updatedAt: now });
    for (const product of current) {
      const changes: Record<string, unknown> = {};
      for (const key of TAX_KEYS) {
        const to = values[key];
        if (to !== undefined && product[key] !== to) changes[key] = { from: product[key], to };
      }
      if (Object.keys(changes).length === 0) continue;
      await recordAudit(tx, {
        branchId,
        userId,
        action: 'product.update',
        entity: 'product',
        entityId: product.id,
        data: changes,
        at: now,
      });
    }
    await publishBranchEvent(tx, branchId, { type: 'menu.changed' });
    return { updated: current.length };
  });
}

/** The list's delete icon: the product leaves ordering and the list; bills keep naming it. */
export async function archiveProduct({
  db,
  clock,
  branchId,
  userId,
  id,
}: Actor & { id: string }): Promise<void> {
  const now = clock();
  await db.transaction(async (tx) => {
    const current = await repo.lockLiveProduct(tx, branchId, id);
    if (!current) throw productNotFound();
    await repo.updateProduct(tx, branchId, id, { archivedAt: now, updatedAt: now });
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'product.archive',
      entity: 'product',
      entityId: id,
      data: { name: current.name },
      at: now,
    });
    await publishBranchEvent(tx, branchId, { type: 'menu.changed' });
  });
}

/**
 * What the order screens order from: products on sale in menu order with their live variants,
 * the add-on groups they offer (live options in their order), the subcategories in the
 * branch's order and its quick notes. No costs. Sold out is judged at `now`.
 */
