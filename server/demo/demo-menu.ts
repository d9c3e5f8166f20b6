/**
 * The demo's menu: its ingredients (with how they are bought) and its products with their
 * recipes, variants (Half / Full, Regular / Large), add-on groups (Extras, Spice level), short
 * codes and colours (docs/menu.md). The ingredients' stock (quantities, thresholds) comes from
 * demo-stock.ts, once the sales are written.
 */
import { v7 as uuidv7 } from 'uuid';
import type { ProductColour } from '../../shared/menu';
import type { StoredUnit as StockUnit } from '../../shared/units';
import type { DbOrTx } from '../db/client';
import type { NewIngredient, NewProduct } from '../db/schema';
import { recordDemoIngredients } from '../modules/inventory/inventory.usecases';
import { recordDemoProducts } from '../modules/products/products.usecases';
import type { DemoContext } from './demo-context';
import { createRng } from './demo-rng';

export type VendorKey = 'dairy' | 'vegetables' | 'traders';

export interface IngredientDef {
  name: string;
  category: string;
  unit: StockUnit;
  vendor: VendorKey;
  /** One pack as delivered: quantity in base units and its price. */
  packQty: number;
  packPaise: number;
  /** Delivered every day or two (reordered at 2 days of use) rather than stocked for weeks. */
  perishable: boolean;
}

// prettier-ignore
export const INGREDIENTS: IngredientDef[] = [
  { name: 'Milk', category: 'Dairy', unit: 'ml', vendor: 'dairy', packQty: 1000, packPaise: 5600, perishable: true },
  { name: 'Paneer', category: 'Dairy', unit: 'g', vendor: 'dairy', packQty: 1000, packPaise: 42000, perishable: true },
  { name: 'Cheese Slices', category: 'Dairy', unit: 'pcs', vendor: 'dairy', packQty: 100, packPaise: 140000, perishable: false },
  { name: 'Butter', category: 'Dairy', unit: 'g', vendor: 'dairy', packQty: 500, packPaise: 28500, perishable: false },
  { name: 'Curd', category: 'Dairy', unit: 'g', vendor: 'dairy', packQty: 1000, packPaise: 8000, perishable: true },
  { name: 'Vanilla Ice Cream', category: 'Dairy', unit: 'ml', vendor: 'dairy', packQty: 4000, packPaise: 70000, perishable: false },
  { name: 'Gulab Jamun', category: 'Dairy', unit: 'pcs', vendor: 'dairy', packQty: 20, packPaise: 26000, perishable: false },
  { name: 'Sandwich Bread', category: 'Bakery', unit: 'pcs', vendor: 'traders', packQty: 20, packPaise: 5500, perishable: true },
  { name: 'Burger Buns', category: 'Bakery', unit: 'pcs', vendor: 'traders', packQty: 6, packPaise: 4500, perishable: true },
  { name: 'Pav', category: 'Bakery', unit: 'pcs', vendor: 'traders', packQty: 12, packPaise: 4000, perishable: true },
  { name: 'Chocolate Brownie', category: 'Bakery', unit: 'pcs', vendor: 'traders', packQty: 12, packPaise: 54000, perishable: true },
  { name: 'Veg Puff', category: 'Bakery', unit: 'pcs', vendor: 'traders', packQty: 10, packPaise: 18000, perishable: true },
  { name: 'Samosa', category: 'Bakery', unit: 'pcs', vendor: 'traders', packQty: 20, packPaise: 20000, perishable: true },
  { name: 'Tea Leaves', category: 'Beverages base', unit: 'g', vendor: 'traders', packQty: 1000, packPaise: 48000, perishable: false },
  { name: 'Coffee Powder', category: 'Beverages base', unit: 'g', vendor: 'traders', packQty: 500, packPaise: 45000, perishable: false },
  { name: 'Sugar', category: 'Beverages base', unit: 'g', vendor: 'traders', packQty: 5000, packPaise: 24000, perishable: false },
  { name: 'Chocolate Syrup', category: 'Beverages base', unit: 'ml', vendor: 'traders', packQty: 1000, packPaise: 38000, perishable: false },
  { name: 'Mango Pulp', category: 'Beverages base', unit: 'ml', vendor: 'traders', packQty: 850, packPaise: 16500, perishable: false },
  { name: 'Soda Water', category: 'Beverages base', unit: 'ml', vendor: 'traders', packQty: 6000, packPaise: 48000, perishable: false },
  { name: 'Potatoes', category: 'Vegetables', unit: 'g', vendor: 'vegetables', packQty: 5000, packPaise: 17500, perishable: true },
  { name: 'Onions', category: 'Vegetables', unit: 'g', vendor: 'vegetables', packQty: 5000, packPaise: 20000, perishable: true },
  { name: 'Tomatoes', category: 'Vegetables', unit: 'g', vendor: 'vegetables', packQty: 2000, packPaise: 6000, perishable: true },
  { name: 'Lemons', category: 'Vegetables', unit: 'pcs', vendor: 'vegetables', packQty: 50, packPaise: 15000, perishable: true },
  { name: 'Cooking Oil', category: 'Spices & Grocery', unit: 'ml', vendor: 'traders', packQty: 5000, packPaise: 85000, perishable: false },
  { name: 'Pav Bhaji Masala', category: 'Spices & Grocery', unit: 'g', vendor: 'traders', packQty: 500, packPaise: 35000, perishable: false },
  { name: 'Mayonnaise', category: 'Spices & Grocery', unit: 'g', vendor: 'traders', packQty: 1000, packPaise: 22000, perishable: false },
  { name: 'Tomato Ketchup', category: 'Spices & Grocery', unit: 'g', vendor: 'traders', packQty: 950, packPaise: 13000, perishable: false },
  { name: 'Instant Noodles', category: 'Spices & Grocery', unit: 'pcs', vendor: 'traders', packQty: 12, packPaise: 16800, perishable: false },
  { name: 'Basmati Rice', category: 'Spices & Grocery', unit: 'g', vendor: 'traders', packQty: 5000, packPaise: 62500, perishable: false },
  { name: 'Biryani Masala', category: 'Spices & Grocery', unit: 'g', vendor: 'traders', packQty: 500, packPaise: 32000, perishable: false },
  { name: 'Paper Napkins', category: 'Packaging', unit: 'box', vendor: 'traders', packQty: 5, packPaise: 60000, perishable: false },
];

/** The demo's add-on groups (docs/menu.md), offered by the products that name them. */
export type GroupKey = 'extras' | 'spice';

export interface VariantDef {
  name: string;
  pricePaise: number;
  isDefault?: boolean;
  /** Its own recipe, used instead of the product's; none: the product's. */
  recipe?: Record<string, number>;
}

export interface ProductDef {
  name: string;
  subcategory: string;
  /** With variants: the default variant's price (the product carries it). */
  pricePaise: number;
  /** Relative popularity in the sales history (0: new on the menu, not sold yet). */
  weight: number;
  recipe: Record<string, number>;
  shortCode?: string;
  colour?: ProductColour;
  variants?: VariantDef[];
  addons?: GroupKey[];
}

export interface GroupDef {
  name: string;
  minChoices: number;
  maxChoices: number;
  options: { name: string; pricePaise: number; recipe?: Record<string, number> }[];
}

export const GROUPS: Record<GroupKey, GroupDef> = {
  extras: {
    name: 'Extras',
    minChoices: 0,
    maxChoices: 2,
    options: [
      { name: 'Cheese', pricePaise: 3000, recipe: { 'Cheese Slices': 1 } },
      { name: 'Egg', pricePaise: 2000 },
    ],
  },
  spice: {
    name: 'Spice level',
    minChoices: 1,
    maxChoices: 1,
    options: [
      { name: 'Mild', pricePaise: 0 },
      { name: 'Medium', pricePaise: 0 },
      { name: 'Hot', pricePaise: 0 },
    ],
  },
};

export const HOT = 'Hot Beverages';
export const COLD = 'Cold Beverages';
const SNACKS = 'Snacks & Meals';
const SANDWICHES = 'Sandwiches';
const DESSERTS = 'Desserts';

// prettier-ignore
export const PRODUCTS: ProductDef[] = [
  { name: 'Masala Chai', subcategory: HOT, pricePaise: 3000, weight: 16, recipe: { Milk: 100, 'Tea Leaves': 5, Sugar: 10 }, shortCode: 'MC', colour: 'orange' },
  { name: 'Lemon Tea', subcategory: HOT, pricePaise: 3500, weight: 4, recipe: { 'Tea Leaves': 4, Lemons: 1, Sugar: 10 } },
  { name: 'Filter Coffee', subcategory: HOT, pricePaise: 5000, weight: 10, recipe: { Milk: 120, 'Coffee Powder': 10, Sugar: 10 }, shortCode: 'FC' },
  { name: 'Cappuccino', subcategory: HOT, pricePaise: 12000, weight: 7, recipe: { Milk: 180, 'Coffee Powder': 18, Sugar: 10 } },
  { name: 'Cafe Latte', subcategory: HOT, pricePaise: 13000, weight: 5, recipe: { Milk: 220, 'Coffee Powder': 18, Sugar: 10 } },
  { name: 'Hot Chocolate', subcategory: HOT, pricePaise: 14000, weight: 3, recipe: { Milk: 200, 'Chocolate Syrup': 40, Sugar: 10 } },
  { name: 'Cold Coffee', subcategory: COLD, pricePaise: 15000, weight: 9, recipe: { Milk: 250, 'Coffee Powder': 15, Sugar: 20, 'Vanilla Ice Cream': 60 }, shortCode: 'CC', colour: 'cyan' },
  { name: 'Chocolate Shake', subcategory: COLD, pricePaise: 16000, weight: 4, recipe: { Milk: 250, 'Chocolate Syrup': 50, 'Vanilla Ice Cream': 80, Sugar: 10 } },
  { name: 'Mango Lassi', subcategory: COLD, pricePaise: 11000, weight: 4, recipe: { Curd: 200, 'Mango Pulp': 80, Sugar: 20 } },
  { name: 'Sweet Lassi', subcategory: COLD, pricePaise: 8000, weight: 3, recipe: { Curd: 250, Sugar: 25 } },
  { name: 'Fresh Lime Soda', subcategory: COLD, pricePaise: 8000, weight: 5, recipe: { 'Soda Water': 250, Lemons: 1, Sugar: 20 } },
  { name: 'Iced Lemon Tea', subcategory: COLD, pricePaise: 11000, weight: 3, recipe: { 'Tea Leaves': 6, Lemons: 1, Sugar: 25 } },
  { name: 'Samosa (2 pcs)', subcategory: SNACKS, pricePaise: 4000, weight: 9, recipe: { Samosa: 2, 'Tomato Ketchup': 20 }, shortCode: 'SAM' },
  { name: 'Vada Pav', subcategory: SNACKS, pricePaise: 3500, weight: 7, recipe: { Pav: 1, Potatoes: 100, 'Cooking Oil': 15 }, shortCode: 'VP' },
  { name: 'Veg Puff', subcategory: SNACKS, pricePaise: 3000, weight: 5, recipe: { 'Veg Puff': 1 } },
  { name: 'French Fries', subcategory: SNACKS, pricePaise: 11000, weight: 6, recipe: { Potatoes: 200, 'Cooking Oil': 30, 'Tomato Ketchup': 20 } },
  { name: 'Pav Bhaji', subcategory: SNACKS, pricePaise: 15000, weight: 5, recipe: { Pav: 2, Potatoes: 150, Tomatoes: 80, Onions: 50, Butter: 20, 'Pav Bhaji Masala': 8 }, shortCode: 'PB', colour: 'red', addons: ['spice'] },
  { name: 'Paneer Pakora', subcategory: SNACKS, pricePaise: 14000, weight: 3, recipe: { Paneer: 120, 'Cooking Oil': 40, 'Tomato Ketchup': 20 }, addons: ['spice'] },
  { name: 'Masala Maggi', subcategory: SNACKS, pricePaise: 8000, weight: 5, recipe: { 'Instant Noodles': 1, Onions: 30, Tomatoes: 30, Butter: 10 }, addons: ['extras'] },
  { name: 'Veg Sandwich', subcategory: SANDWICHES, pricePaise: 9000, weight: 6, recipe: { 'Sandwich Bread': 2, Potatoes: 60, Tomatoes: 40, Onions: 20, Butter: 10 } },
  { name: 'Cheese Sandwich', subcategory: SANDWICHES, pricePaise: 11000, weight: 5, recipe: { 'Sandwich Bread': 2, 'Cheese Slices': 2, Butter: 10 } },
  { name: 'Grilled Paneer Sandwich', subcategory: SANDWICHES, pricePaise: 16000, weight: 4, recipe: { 'Sandwich Bread': 2, Paneer: 70, Onions: 20, Tomatoes: 30, Mayonnaise: 20, Butter: 10 }, shortCode: 'GPS', colour: 'yellow', addons: ['extras'],
    variants: [
      { name: 'Regular', pricePaise: 16000, isDefault: true },
      { name: 'Large', pricePaise: 22000, recipe: { 'Sandwich Bread': 3, Paneer: 110, Onions: 30, Tomatoes: 45, Mayonnaise: 30, Butter: 15 } },
    ] },
  { name: 'Bombay Masala Toast', subcategory: SANDWICHES, pricePaise: 12000, weight: 4, recipe: { 'Sandwich Bread': 3, Potatoes: 100, Onions: 20, Tomatoes: 30, Butter: 15 } },
  { name: 'Veg Burger', subcategory: SANDWICHES, pricePaise: 13000, weight: 4, recipe: { 'Burger Buns': 1, Potatoes: 100, Tomatoes: 30, Onions: 20, Mayonnaise: 20, 'Cooking Oil': 20 }, colour: 'lime', addons: ['extras'] },
  { name: 'Cheese Burger', subcategory: SANDWICHES, pricePaise: 15000, weight: 3, recipe: { 'Burger Buns': 1, Potatoes: 100, 'Cheese Slices': 1, Tomatoes: 30, Mayonnaise: 20, 'Cooking Oil': 20 }, addons: ['extras'] },
  { name: 'Gulab Jamun (2 pcs)', subcategory: DESSERTS, pricePaise: 6000, weight: 4, recipe: { 'Gulab Jamun': 2 } },
  { name: 'Chocolate Brownie', subcategory: DESSERTS, pricePaise: 12000, weight: 4, recipe: { 'Chocolate Brownie': 1 }, colour: 'violet' },
  { name: 'Brownie with Ice Cream', subcategory: DESSERTS, pricePaise: 17000, weight: 3, recipe: { 'Chocolate Brownie': 1, 'Vanilla Ice Cream': 80, 'Chocolate Syrup': 20 } },
  { name: 'Vanilla Ice Cream (2 scoops)', subcategory: DESSERTS, pricePaise: 9000, weight: 3, recipe: { 'Vanilla Ice Cream': 120 } },
  { name: 'Gulab Jamun with Ice Cream', subcategory: DESSERTS, pricePaise: 11000, weight: 2, recipe: { 'Gulab Jamun': 2, 'Vanilla Ice Cream': 80 } },
  { name: 'Chocolate Sundae', subcategory: DESSERTS, pricePaise: 15000, weight: 2, recipe: { 'Vanilla Ice Cream': 150, 'Chocolate Syrup': 30 } },
  // The product's own recipe is the Full plate's; Half has its own.
  { name: 'Veg Biryani', subcategory: SNACKS, pricePaise: 22000, weight: 3, recipe: { 'Basmati Rice': 250, 'Biryani Masala': 10, Onions: 80, Curd: 60, 'Cooking Oil': 30 }, shortCode: 'VB', colour: 'yellow', addons: ['spice'],
    variants: [
      { name: 'Half', pricePaise: 14000, recipe: { 'Basmati Rice': 125, 'Biryani Masala': 5, Onions: 40, Curd: 30, 'Cooking Oil': 15 } },
      { name: 'Full', pricePaise: 22000, isDefault: true, recipe: { 'Basmati Rice': 250, 'Biryani Masala': 10, Onions: 80, Curd: 60, 'Cooking Oil': 30 } },
    ] },
];

export interface DemoRecipeRow {
  branchId: string;
  productId: string;
  ingredientId: string;
  quantityUsed: number;
}

export interface DemoMenu {
  /** Each ingredient's id, by name. */
  ingredientIds: Map<string, string>;
  /** The ingredients as set up, before any stock (demo-stock.ts gives them theirs). */
  ingredients: NewIngredient[];
  products: NewProduct[];
  productIngredients: DemoRecipeRow[];
  /** Variants, add-on groups and options, which products offer them, their recipes. */
  choices: DemoChoices;
}

export function buildMenu(ctx: DemoContext, branchId: string): DemoMenu {
  const { idAt, setupTime } = ctx;
  const ingredientIds = new Map(INGREDIENTS.map((def) => [def.name, idAt(setupTime)]));
  const ingredients: NewIngredient[] = INGREDIENTS.map((def) => ({
    branchId,
    id: ingredientIds.get(def.name)!,
    name: def.name,
    category: def.category,
    unit: def.unit,
    createdAt: setupTime,
    updatedAt: setupTime,
  }));
  const products: NewProduct[] = PRODUCTS.map((def) => ({
    branchId,
    id: idAt(setupTime),
    name: def.name,
    pricePaise: def.pricePaise,
    subcategory: def.subcategory,
    shortCode: def.shortCode ?? null,
    colour: def.colour ?? null,
    createdAt: setupTime,
    updatedAt: setupTime,
  }));
  const productIngredients = PRODUCTS.flatMap((def, i) =>
    Object.entries(def.recipe).map(([ingredient, quantityUsed]) => {
      const ingredientId = ingredientIds.get(ingredient);
      if (!ingredientId) throw new Error(`Recipe of ${def.name} names unknown ${ingredient}`);
      return { branchId, productId: products[i]!.id!, ingredientId, quantityUsed };
    }),
  );
  return {
    ingredientIds,
    ingredients,
    products,
    productIngredients,
    choices: buildMenuChoices({ ingredientIds, products }),
  };
}

export type DemoChoices = NonNullable<Parameters<typeof recordDemoProducts>[1]['choices']>;

/**
 * The menu's variants, add-on groups (with options), which products offer which, and the
 * recipes of variants and options, for `products` and `ingredients` as built. Ids come from a
 * stream of their own, so the same rows give the same ids and the rest of the demo is as before.
 */
function buildMenuChoices(rows: {
  ingredientIds: Map<string, string>;
  products: NewProduct[];
}): DemoChoices {
  const first = rows.products[0];
  if (!first) throw new Error('The demo menu has no products');
  const branchId = first.branchId;
  const at = first.createdAt as Date;
  const idRng = createRng(86);
  const nextId = () => uuidv7({ msecs: at.getTime(), random: idRng.bytes(16) });
  const ingredientId = (name: string) => {
    const id = rows.ingredientIds.get(name);
    if (!id) throw new Error(`A demo recipe names unknown ${name}`);
    return id;
  };
  const choices: DemoChoices = {
    variants: [],
    groups: [],
    options: [],
    productGroups: [],
    recipes: [],
  };
  const recipeRows = (owner: { variantId: string } | { optionId: string }, recipe = {}) =>
    Object.entries(recipe as Record<string, number>).map(([name, quantityUsed]) => {
      const choiceId = 'variantId' in owner ? owner.variantId : owner.optionId;
      return {
        branchId,
        choiceId,
        variantId: 'variantId' in owner ? owner.variantId : null,
        optionId: 'optionId' in owner ? owner.optionId : null,
        ingredientId: ingredientId(name),
        quantityUsed,
      };
    });
  const groupIds = new Map<GroupKey, string>();
  for (const [key, def] of Object.entries(GROUPS) as [GroupKey, GroupDef][]) {
    const groupId = nextId();
    groupIds.set(key, groupId);
    choices.groups.push({
      branchId,
      id: groupId,
      name: def.name,
      minChoices: def.minChoices,
      maxChoices: def.maxChoices,
      createdAt: at,
      updatedAt: at,
    });
    def.options.forEach((option, position) => {
      const optionId = nextId();
      choices.options.push({
        branchId,
        id: optionId,
        groupId,
        name: option.name,
        pricePaise: option.pricePaise,
        position,
      });
      choices.recipes.push(...recipeRows({ optionId }, option.recipe));
    });
  }
  PRODUCTS.forEach((def, index) => {
    const productId = rows.products[index]!.id!;
    def.variants?.forEach((variant, position) => {
      const variantId = nextId();
      choices.variants.push({
        branchId,
        id: variantId,
        productId,
        name: variant.name,
        pricePaise: variant.pricePaise,
        isDefault: variant.isDefault ?? false,
        position,
      });
      choices.recipes.push(...recipeRows({ variantId }, variant.recipe));
    });
    def.addons?.forEach((key, position) => {
      choices.productGroups.push({ branchId, productId, groupId: groupIds.get(key)!, position });
    });
  });
  return choices;
}

/**
 * The ingredients (their stock comes with demo-stock.ts's `writeStock`), then the products with
 * their recipes, variants and add-on groups.
 */
export async function writeMenu(
  tx: DbOrTx,
  rows: {
    ingredients: NewIngredient[];
    products: NewProduct[];
    productIngredients: DemoRecipeRow[];
    choices: DemoChoices;
  },
): Promise<void> {
  await recordDemoIngredients(tx, rows.ingredients);
  await recordDemoProducts(tx, {
    products: rows.products,
    recipes: rows.productIngredients,
    choices: rows.choices,
  });
}
