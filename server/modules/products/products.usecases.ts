// Products: the list, one product with its recipe and cost, the recipes a sale deducts, and the
// demo's products (docs/menu.md). Adding and editing: products.write.usecases.ts; the menu:
// products.menu.usecases.ts.
import type { MenuVariant } from '../../../shared/schemas/menu.schemas';
import {
  type Product,
  type ProductList,
  type RecipeRow,
  type Subcategories,
} from '../../../shared/schemas/products.schemas';
import { sumPaise } from '../../../shared/money';
import type { Db, DbOrTx } from '../../db/client';
import type { NewProduct } from '../../db/schema';
import { costsAtLatestPrice } from '../inventory/inventory.usecases';
import { productNotFound } from './products.errors';
import * as repo from './products.repository';
import * as variantsRepo from './products.variants.repository';

/** The tax fields a product's audit and comparisons look at. */
export const TAX_KEYS = ['gstRateBps', 'hsn', 'outsideGst'] as const;

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
export async function groupIdsOf(db: DbOrTx, branchId: string, productIds: string[]) {
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
export function byProduct<T extends { productId: string }>(rows: T[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const row of rows) {
    const list = grouped.get(row.productId) ?? [];
    list.push(row);
    grouped.set(row.productId, list);
  }
  return grouped;
}

export const menuVariantOf = (variant: variantsRepo.VariantRow): MenuVariant => ({
  id: variant.id,
  name: variant.name,
  pricePaise: variant.pricePaise,
  isDefault: variant.isDefault,
  soldOut: variant.soldOut,
});

/** The menu fields every product answer carries. */
export const menuFieldsOf = (row: repo.ProductRow, addonGroupIds: string[] | undefined) => ({
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
    variantsRepo.liveVariants(db, branchId, ids, now),
    groupIdsOf(db, branchId, ids),
  ]);
  const variantRecipes = await variantsRepo.choiceRecipeRows(
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
    variantsRepo.liveVariants(db, branchId, [id], now),
    groupIdsOf(db, branchId, [id]),
  ]);
  const variantRecipeRows = await variantsRepo.choiceRecipeRows(
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
