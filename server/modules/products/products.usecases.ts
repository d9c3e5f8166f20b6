import type { z } from 'zod';
import {
  DEFAULT_PRODUCT_TAX,
  type Menu,
  type Product,
  type ProductList,
  type ProductTaxResult,
  type Subcategories,
  type productBodySchema,
  type productTaxBodySchema,
} from '../../../shared/schemas/products.schemas';
import { sumPaise } from '../../../shared/money';
import type { Db, DbOrTx } from '../../db/client';
import type { NewProduct } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { Actor } from '../../lib/actor';
import { costsAtLatestPrice, liveIngredients } from '../inventory/inventory.usecases';
import { productNotFound, recipeIngredientNotFound } from './products.errors';
import * as repo from './products.repository';

type ProductInput = z.output<typeof productBodySchema>;
type ProductTaxInput = z.output<typeof productTaxBodySchema>;

/** The tax fields a product's audit and comparisons look at. */
const TAX_KEYS = ['gstRateBps', 'hsn', 'outsideGst'] as const;

/** Food cost (null if any row's cost is unknown) and margin of a price. */
function costsOf(pricePaise: number, rowCosts: (number | null)[]) {
  if (rowCosts.some((cost) => cost === null)) return { foodCostPaise: null, marginPaise: null };
  const foodCostPaise = sumPaise(rowCosts as number[]);
  return { foodCostPaise, marginPaise: pricePaise - foodCostPaise };
}

/** Recipe rows of `products` with each row's cost at the latest purchase price. */
async function costedRecipes(db: DbOrTx, branchId: string, productIds: string[]) {
  const rows = await repo.recipeRows(db, branchId, productIds);
  const costs = await costsAtLatestPrice(
    db,
    branchId,
    rows.map((row) => ({ ingredientId: row.ingredientId, quantity: row.quantityUsed })),
  );
  const byProduct = new Map<string, { row: repo.RecipeRowData; costPaise: number | null }[]>();
  rows.forEach((row, index) => {
    const list = byProduct.get(row.productId) ?? [];
    list.push({ row, costPaise: costs[index]! });
    byProduct.set(row.productId, list);
  });
  return byProduct;
}

/** The Product List: products on sale with their food cost and margin. */
export async function listProducts({
  db,
  branchId,
}: {
  db: Db;
  branchId: string;
}): Promise<ProductList> {
  const rows = await repo.listProducts(db, branchId);
  const recipes = await costedRecipes(
    db,
    branchId,
    rows.map((row) => row.id),
  );
  const items = rows.map((row) => {
    const recipe = recipes.get(row.id) ?? [];
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
    };
  });
  return { items, count: items.length };
}

/** What staff order from: products on sale, without costs. */
export async function listMenu({ db, branchId }: { db: Db; branchId: string }): Promise<Menu> {
  const rows = await repo.listProducts(db, branchId);
  return {
    items: rows.map(({ id, name, pricePaise, subcategory }) => ({
      id,
      name,
      pricePaise,
      subcategory,
    })),
  };
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

/** One product with its recipe, archived or not. */
export async function getProduct({
  db,
  branchId,
  id,
}: {
  db: DbOrTx;
  branchId: string;
  id: string;
}): Promise<Product> {
  const row = await repo.findProduct(db, branchId, id);
  if (!row) throw productNotFound();
  const recipe = (await costedRecipes(db, branchId, [id])).get(id) ?? [];
  return {
    ...row,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    ingredients: recipe.map(({ row: r, costPaise }) => ({
      ingredientId: r.ingredientId,
      category: r.category,
      name: r.name,
      unit: r.unit,
      stockQuantity: r.stockQuantity,
      quantityUsed: r.quantityUsed,
      costPaise,
      deleted: r.deletedAt !== null,
    })),
    ...costsOf(
      row.pricePaise,
      recipe.map((entry) => entry.costPaise),
    ),
  };
}

/** Every recipe row must name a live ingredient of this branch (else 404 naming the row). */
async function assertLiveIngredients(db: DbOrTx, branchId: string, input: ProductInput) {
  const found = new Set(
    (
      await liveIngredients(
        db,
        branchId,
        input.ingredients.map((row) => row.ingredientId),
      )
    ).map((row) => row.id),
  );
  const missing = input.ingredients.findIndex((row) => !found.has(row.ingredientId));
  if (missing !== -1) throw recipeIngredientNotFound(missing);
}

/**
 * Writes the recipe, checking the ingredients before and after: the rows' foreign keys lock
 * each ingredient against a concurrent delete (which then sees this recipe and is refused),
 * and the second check catches a delete that committed in between.
 */
async function writeRecipe(db: DbOrTx, branchId: string, productId: string, input: ProductInput) {
  await assertLiveIngredients(db, branchId, input);
  await repo.replaceRecipe(db, branchId, productId, input.ingredients);
  await assertLiveIngredients(db, branchId, input);
}

const recipeForAudit = (input: ProductInput) =>
  input.ingredients.map(({ ingredientId, quantityUsed }) => ({ ingredientId, quantityUsed }));

/** Add New Product: the product and its recipe in one transaction. */
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
  const id = await db.transaction(async (tx) => {
    const id = await repo.insertProduct(tx, {
      branchId,
      name: input.name,
      pricePaise: input.pricePaise,
      subcategory: input.subcategory,
      ...tax,
      createdAt: now,
      updatedAt: now,
    });
    await writeRecipe(tx, branchId, id, input);
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'product.create',
      entity: 'product',
      entityId: id,
      data: {
        name: input.name,
        pricePaise: input.pricePaise,
        subcategory: input.subcategory,
        ...tax,
        ingredients: recipeForAudit(input),
      },
      at: now,
    });
    return id;
  });
  return getProduct({ db, branchId, id });
}

/**
 * Edit Product: fields and recipe replaced in one transaction. Bills keep the name and price
 * they were made with (their lines are snapshots), so a new price only affects new orders.
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
  await db.transaction(async (tx) => {
    const current = await repo.lockLiveProduct(tx, branchId, id);
    if (!current) throw productNotFound();
    const before = await repo.recipeRows(tx, branchId, [id]);
    // Tax fields left out keep their values.
    const next = {
      name: input.name,
      pricePaise: input.pricePaise,
      subcategory: input.subcategory,
      gstRateBps: input.gstRateBps ?? current.gstRateBps,
      hsn: input.hsn ?? current.hsn,
      outsideGst: input.outsideGst ?? current.outsideGst,
    };
    await repo.updateProduct(tx, branchId, id, { ...next, updatedAt: now });
    await writeRecipe(tx, branchId, id, input);
    const changes: Record<string, unknown> = {};
    for (const key of ['name', 'pricePaise', 'subcategory', ...TAX_KEYS] as const) {
      if (current[key] !== next[key]) changes[key] = { from: current[key], to: next[key] };
    }
    const from = before.map(({ ingredientId, quantityUsed }) => ({
      ingredientId,
      quantityUsed,
    }));
    const to = recipeForAudit(input);
    const key = (rows: typeof to) =>
      JSON.stringify([...rows].sort((a, b) => a.ingredientId.localeCompare(b.ingredientId)));
    if (key(from) !== key(to)) changes.ingredients = { from, to };
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'product.update',
      entity: 'product',
      entityId: id,
      data: changes,
      at: now,
    });
  });
  return getProduct({ db, branchId, id });
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
  });
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
  },
): Promise<void> {
  for (const product of rows.products) await repo.insertProduct(tx, product);
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
