import type { z } from 'zod';
import { addDays, businessDate, startOfBusinessDate } from '../../../shared/dates';
import { DEFAULT_QUICK_NOTES } from '../../../shared/menu';
import type { MenuVariant, soldOutBodySchema } from '../../../shared/schemas/menu.schemas';
import {
  DEFAULT_PRODUCT_TAX,
  type Menu,
  type MenuItem,
  type Product,
  type ProductList,
  type ProductTaxResult,
  type RecipeRow,
  type Subcategories,
  type productBodySchema,
  type productTaxBodySchema,
} from '../../../shared/schemas/products.schemas';
import { sumPaise } from '../../../shared/money';
import type { Db, DbOrTx } from '../../db/client';
import type { NewProduct } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { Actor } from '../../lib/actor';
import { uniqueViolation } from '../../lib/db-errors';
import { publishBranchEvent } from '../../lib/events';
import { costsAtLatestPrice, liveIngredients } from '../inventory/inventory.usecases';
import * as groupsRepo from './addon-groups.repository';
import {
  addonGroupNotFound,
  productNotFound,
  recipeIngredientNotFound,
  shortCodeTaken,
  variantNotFound,
} from './products.errors';
import * as menuRepo from './products.menu.repository';
import * as repo from './products.repository';

type ProductInput = z.output<typeof productBodySchema>;
type ProductTaxInput = z.output<typeof productTaxBodySchema>;
type SoldOutInput = z.output<typeof soldOutBodySchema>;

/** The tax fields a product's audit and comparisons look at. */
const TAX_KEYS = ['gstRateBps', 'hsn', 'outsideGst'] as const;

/** Food cost (null if any row's cost is unknown) and margin of a price. */
function costsOf(pricePaise: number, rowCosts: (number | null)[]) {
  if (rowCosts.some((cost) => cost === null)) return { foodCostPaise: null, marginPaise: null };
  const foodCostPaise = sumPaise(rowCosts as number[]);
  return { foodCostPaise, marginPaise: pricePaise - foodCostPaise };
}

interface IngredientRowData {
  ingredientId: string;
  quantityUsed: number;
  category: string;
  name: string;
  unit: RecipeRow['unit'];
  stockQuantity: number;
  deletedAt: Date | null;
}
type Costed<T> = { row: T; costPaise: number | null };

/** Recipe rows with each row's cost at the latest purchase price, grouped by `keyOf`. */
async function costed<T extends IngredientRowData>(
  db: DbOrTx,
  branchId: string,
  rows: T[],
  keyOf: (row: T) => string,
): Promise<Map<string, Costed<T>[]>> {
  const costs = await costsAtLatestPrice(
    db,
    branchId,
    rows.map((row) => ({ ingredientId: row.ingredientId, quantity: row.quantityUsed })),
  );
  const grouped = new Map<string, Costed<T>[]>();
  rows.forEach((row, index) => {
    const list = grouped.get(keyOf(row)) ?? [];
    list.push({ row, costPaise: costs[index]! });
    grouped.set(keyOf(row), list);
  });
  return grouped;
}

/** A recipe row as the answers show it. */
export function recipeRowOf({ row, costPaise }: Costed<IngredientRowData>): RecipeRow {
  return {
    ingredientId: row.ingredientId,
    category: row.category,
    name: row.name,
    unit: row.unit,
    stockQuantity: row.stockQuantity,
    quantityUsed: row.quantityUsed,
    costPaise,
    deleted: row.deletedAt !== null,
  };
}

/** Names of the live ingredients of these recipe rows with no stock left, each once, by name. */
function runOutOf(rows: IngredientRowData[]): string[] {
  const names = rows
    .filter((row) => row.deletedAt === null && row.stockQuantity <= 0)
    .map((row) => row.name);
  return [...new Set(names)].sort((a, b) => a.localeCompare(b));
}

/** Each product's add-on group ids, in the picker's order. */
async function groupIdsOf(db: DbOrTx, branchId: string, productIds: string[]) {
  const links = await repo.productGroupLinks(db, branchId, productIds);
  const byProduct = new Map<string, string[]>();
  for (const link of links) {
    const list = byProduct.get(link.productId) ?? [];
    list.push(link.groupId);
    byProduct.set(link.productId, list);
  }
  return byProduct;
}

/** Rows by their product id, in their order. */
function byProduct<T extends { productId: string }>(rows: T[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const row of rows) {
    const list = grouped.get(row.productId) ?? [];
    list.push(row);
    grouped.set(row.productId, list);
  }
  return grouped;
}

const menuVariantOf = (variant: repo.VariantRow): MenuVariant => ({
  id: variant.id,
  name: variant.name,
  pricePaise: variant.pricePaise,
  isDefault: variant.isDefault,
  soldOut: variant.soldOut,
});

/** The menu fields every product answer carries. */
const menuFieldsOf = (row: repo.ProductRow, addonGroupIds: string[] | undefined) => ({
  shortCode: row.shortCode,
  colour: row.colour,
  position: row.position,
  soldOut: row.soldOut,
  addonGroupIds: addonGroupIds ?? [],
});

/** The Product List: products on sale, in menu order, with food cost, margin and warnings. */
export async function listProducts({
  db,
  branchId,
  now,
}: {
  db: Db;
  branchId: string;
  now: Date;
}): Promise<ProductList> {
  const rows = await repo.listProducts(db, branchId, now);
  const ids = rows.map((row) => row.id);
  const [recipeRows, variants, groups] = await Promise.all([
    repo.recipeRows(db, branchId, ids),
    repo.liveVariants(db, branchId, ids, now),
    groupIdsOf(db, branchId, ids),
  ]);
  const variantRecipes = await repo.choiceRecipeRows(
    db,
    branchId,
    variants.map((variant) => variant.id),
  );
  const recipes = await costed(db, branchId, recipeRows, (row) => row.productId);
  const variantsOf = byProduct(variants);
  const variantRecipeRows = new Map<string, IngredientRowData[]>();
  for (const row of variantRecipes) {
    const list = variantRecipeRows.get(row.choiceId) ?? [];
    list.push(row);
    variantRecipeRows.set(row.choiceId, list);
  }
  const items = rows.map((row) => {
    const recipe = recipes.get(row.id) ?? [];
    const own = variantsOf.get(row.id) ?? [];
    return {
      id: row.id,
      name: row.name,
      pricePaise: row.pricePaise,
      subcategory: row.subcategory,
      gstRateBps: row.gstRateBps,
      hsn: row.hsn,
      outsideGst: row.outsideGst,
      ingredientCount: recipe.length,
      ...costsOf(
        row.pricePaise,
        recipe.map((entry) => entry.costPaise),
      ),
      ...menuFieldsOf(row, groups.get(row.id)),
      variants: own.map(menuVariantOf),
      runOutIngredients: runOutOf([
        ...recipe.map((entry) => entry.row),
        ...own.flatMap((variant) => variantRecipeRows.get(variant.id) ?? []),
      ]),
    };
  });
  return { items, count: items.length };
}

export async function listSubcategories({
  db,
  branchId,
  search,
}: {
  db: Db;
  branchId: string;
  search: string | undefined;
}): Promise<Subcategories> {
  return { subcategories: await repo.listSubcategories(db, branchId, search) };
}

/** One product with its recipe, variants (with theirs) and add-on groups, archived or not. */
export async function getProduct({
  db,
  branchId,
  id,
  now,
}: {
  db: DbOrTx;
  branchId: string;
  id: string;
  now: Date;
}): Promise<Product> {
  const row = await repo.findProduct(db, branchId, id, now);
  if (!row) throw productNotFound();
  const [recipeRows, variants, groups] = await Promise.all([
    repo.recipeRows(db, branchId, [id]),
    repo.liveVariants(db, branchId, [id], now),
    groupIdsOf(db, branchId, [id]),
  ]);
  const variantRecipeRows = await repo.choiceRecipeRows(
    db,
    branchId,
    variants.map((variant) => variant.id),
  );
  const recipe = (await costed(db, branchId, recipeRows, () => id)).get(id) ?? [];
  const variantRecipes = await costed(db, branchId, variantRecipeRows, (r) => r.choiceId);
  const costs = costsOf(
    row.pricePaise,
    recipe.map((entry) => entry.costPaise),
  );
  return {
    id: row.id,
    name: row.name,
    pricePaise: row.pricePaise,
    subcategory: row.subcategory,
    gstRateBps: row.gstRateBps,
    hsn: row.hsn,
    outsideGst: row.outsideGst,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    ingredients: recipe.map(recipeRowOf),
    ...costs,
    ...menuFieldsOf(row, groups.get(id)),
    variants: variants.map((variant) => {
      const own = variantRecipes.get(variant.id) ?? [];
      return {
        ...menuVariantOf(variant),
        ingredients: own.map(recipeRowOf),
        // Its own recipe, else the product's (what a sale of it deducts).
        foodCostPaise:
          own.length > 0
            ? costsOf(
                variant.pricePaise,
                own.map((entry) => entry.costPaise),
              ).foodCostPaise
            : costs.foodCostPaise,
      };
    }),
  };
}

/** Where a recipe row sits in the body, for the field of a 404. */
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
  const current = await repo.lockLiveVariants(tx, branchId, productId);
  const live = new Set(current.map((variant) => variant.id));
  const kept = new Set<string>();
  variants.forEach((variant, index) => {
    if (!variant.id) return;
    if (!live.has(variant.id) || kept.has(variant.id))
      throw variantNotFound(`variants.${index}.id`);
    kept.add(variant.id);
  });
  await repo.archiveVariants(
    tx,
    branchId,
    current.filter((variant) => !kept.has(variant.id)).map((variant) => variant.id),
    now,
  );
  await repo.parkVariants(tx, branchId, [...kept]);
  const written: VariantForAudit[] = [];
  for (const [position, variant] of variants.entries()) {
    const values = {
      name: variant.name,
      pricePaise: variant.pricePaise,
      isDefault: variant.isDefault,
      position,
    };
    let id = variant.id;
    if (id) await repo.updateVariant(tx, branchId, id, values);
    else id = await repo.insertVariant(tx, { branchId, productId, ...values });
    await repo.replaceChoiceRecipe(tx, branchId, { variantId: id }, variant.ingredients);
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
  const variants = await repo.liveVariants(db, branchId, [productId], now);
  const recipes = await repo.choiceRecipeRows(
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
export async function listMenu({
  db,
  branchId,
  now,
}: {
  db: DbOrTx;
  branchId: string;
  now: Date;
}): Promise<Menu> {
  const rows = await repo.listProducts(db, branchId, now);
  const ids = rows.map((row) => row.id);
  const [variants, groupIds, settings] = await Promise.all([
    repo.liveVariants(db, branchId, ids, now),
    groupIdsOf(db, branchId, ids),
    menuRepo.findMenuSettings(db, branchId),
  ]);
  const usedGroups = [...new Set([...groupIds.values()].flat())];
  const [groups, options] = await Promise.all([
    groupsRepo.groupsByIds(db, branchId, usedGroups),
    groupsRepo.liveOptions(db, branchId, usedGroups),
  ]);
  const variantsOf = byProduct(variants);
  const items = rows.map((row) => menuItemOf(row, variantsOf.get(row.id), groupIds.get(row.id)));
  return {
    items,
    addonGroups: groups.map((group) => ({
      id: group.id,
      name: group.name,
      minChoices: group.minChoices,
      maxChoices: group.maxChoices,
      options: options
        .filter((option) => option.groupId === group.id)
        .map(({ id, name, pricePaise }) => ({ id, name, pricePaise })),
    })),
    subcategories: [...new Set(items.map((item) => item.subcategory))],
    quickNotes: settings?.quickNotes ?? [...DEFAULT_QUICK_NOTES],
  };
}

function menuItemOf(
  row: repo.ProductRow,
  variants: repo.VariantRow[] | undefined,
  addonGroupIds: string[] | undefined,
): MenuItem {
  return {
    id: row.id,
    name: row.name,
    pricePaise: row.pricePaise,
    subcategory: row.subcategory,
    ...menuFieldsOf(row, addonGroupIds),
    variants: (variants ?? []).map(menuVariantOf),
  };
}

/**
 * Sold out (86): marks a product on sale, or one live variant of it, sold out (until someone
 * turns it back on, or until the start of the branch's next business day when its menu
 * settings say so) or back on sale. Answers the product as the menu shows it.
 */
export async function setSoldOut({
  db,
  clock,
  branchId,
  userId,
  id,
  input,
}: Actor & { id: string; input: SoldOutInput }): Promise<MenuItem> {
  const now = clock();
  await db.transaction(async (tx) => {
    const current = await repo.lockLiveProduct(tx, branchId, id);
    if (!current) throw productNotFound();
    let variant: { id: string; name: string } | undefined;
    if (input.variantId) {
      variant = (await repo.lockLiveVariants(tx, branchId, id)).find(
        (row) => row.id === input.variantId,
      );
      if (!variant) throw variantNotFound('variantId');
    }
    let until: Date | 'infinity' | null = null;
    if (input.soldOut) {
      const settings = await menuRepo.findMenuSettings(tx, branchId);
      if (settings?.soldOutUntilNextDay) {
        const timeZone = await menuRepo.branchTimeZone(tx, branchId);
        until = startOfBusinessDate(addDays(businessDate(now, timeZone), 1), timeZone);
      } else {
        until = 'infinity';
      }
    }
    if (variant) await repo.setVariantSoldOut(tx, branchId, variant.id, until);
    else await repo.setProductSoldOut(tx, branchId, id, until);
    await recordAudit(tx, {
      branchId,
      userId,
      action: input.soldOut ? 'product.sold_out' : 'product.back_on_sale',
      entity: 'product',
      entityId: id,
      data: {
        name: current.name,
        ...(variant ? { variantId: variant.id, variant: variant.name } : {}),
        ...(input.soldOut ? { until: until instanceof Date ? until.toISOString() : until } : {}),
      },
      at: now,
    });
    await publishBranchEvent(tx, branchId, { type: 'menu.changed' });
  });
  const row = await repo.findProduct(db, branchId, id, now);
  const [variants, groupIds] = await Promise.all([
    repo.liveVariants(db, branchId, [id], now),
    groupIdsOf(db, branchId, [id]),
  ]);
  return menuItemOf(row!, variants, groupIds.get(id));
}

/** For billing: the recipe rows of `productIds` with a live ingredient (the stock a sale uses). */
export async function recipesOf(db: DbOrTx, branchId: string, productIds: string[]) {
  const rows = await repo.recipeRows(db, branchId, productIds);
  return rows
    .filter((row) => row.deletedAt === null)
    .map(({ productId, ingredientId, quantityUsed }) => ({
      productId,
      ingredientId,
      quantityUsed,
    }));
}

/**
 * The demo seed (server/demo): writes the demo's products and their recipes as given (ids and
 * times are the seed's), with no audit entry. `addProduct` is the operation.
 */
export async function recordDemoProducts(
  tx: DbOrTx,
  rows: {
    products: NewProduct[];
    recipes: { branchId: string; productId: string; ingredientId: string; quantityUsed: number }[];
    /** Variants, add-on groups and their options, which products offer which, their recipes. */
    choices?: repo.MenuChoiceRows;
  },
): Promise<void> {
  for (const product of rows.products) await repo.insertProduct(tx, product);
  if (rows.choices) await repo.insertMenuChoices(tx, rows.choices);
  const byProduct = new Map<string, { branchId: string; recipe: typeof rows.recipes }>();
  for (const row of rows.recipes) {
    const entry = byProduct.get(row.productId) ?? { branchId: row.branchId, recipe: [] };
    entry.recipe.push(row);
    byProduct.set(row.productId, entry);
  }
  for (const [productId, { branchId, recipe }] of byProduct) {
    await repo.replaceRecipe(
      tx,
      branchId,
      productId,
      recipe.map(({ ingredientId, quantityUsed }) => ({ ingredientId, quantityUsed })),
    );
  }
}
