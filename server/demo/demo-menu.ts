/**
 * The demo's menu: its ingredients (with how they are bought) and its products with their
 * recipes. The ingredients' stock (quantities, thresholds) comes from demo-stock.ts.
 */
import type { DbOrTx } from '../db/client';
import type { NewIngredient, NewProduct } from '../db/schema';
import { recordDemoIngredients } from '../modules/inventory/inventory.usecases';
import { recordDemoProducts } from '../modules/products/products.usecases';
import type { StoredUnit as StockUnit } from '../../shared/units';
import type { DemoContext } from './demo-context';

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
  { name: 'Paper Napkins', category: 'Packaging', unit: 'box', vendor: 'traders', packQty: 5, packPaise: 60000, perishable: false },
];

export interface ProductDef {
  name: string;
  subcategory: string;
  pricePaise: number;
  /** Relative popularity. */
  weight: number;
  recipe: Record<string, number>;
}

export const HOT = 'Hot Beverages';
const COLD = 'Cold Beverages';
const SNACKS = 'Snacks';
const SANDWICHES = 'Sandwiches';
const DESSERTS = 'Desserts';

// prettier-ignore
export const PRODUCTS: ProductDef[] = [
  { name: 'Masala Chai', subcategory: HOT, pricePaise: 3000, weight: 16, recipe: { Milk: 100, 'Tea Leaves': 5, Sugar: 10 } },
  { name: 'Lemon Tea', subcategory: HOT, pricePaise: 3500, weight: 4, recipe: { 'Tea Leaves': 4, Lemons: 1, Sugar: 10 } },
  { name: 'Filter Coffee', subcategory: HOT, pricePaise: 5000, weight: 10, recipe: { Milk: 120, 'Coffee Powder': 10, Sugar: 10 } },
  { name: 'Cappuccino', subcategory: HOT, pricePaise: 12000, weight: 7, recipe: { Milk: 180, 'Coffee Powder': 18, Sugar: 10 } },
  { name: 'Cafe Latte', subcategory: HOT, pricePaise: 13000, weight: 5, recipe: { Milk: 220, 'Coffee Powder': 18, Sugar: 10 } },
  { name: 'Hot Chocolate', subcategory: HOT, pricePaise: 14000, weight: 3, recipe: { Milk: 200, 'Chocolate Syrup': 40, Sugar: 10 } },
  { name: 'Cold Coffee', subcategory: COLD, pricePaise: 15000, weight: 9, recipe: { Milk: 250, 'Coffee Powder': 15, Sugar: 20, 'Vanilla Ice Cream': 60 } },
  { name: 'Chocolate Shake', subcategory: COLD, pricePaise: 16000, weight: 4, recipe: { Milk: 250, 'Chocolate Syrup': 50, 'Vanilla Ice Cream': 80, Sugar: 10 } },
  { name: 'Mango Lassi', subcategory: COLD, pricePaise: 11000, weight: 4, recipe: { Curd: 200, 'Mango Pulp': 80, Sugar: 20 } },
  { name: 'Sweet Lassi', subcategory: COLD, pricePaise: 8000, weight: 3, recipe: { Curd: 250, Sugar: 25 } },
  { name: 'Fresh Lime Soda', subcategory: COLD, pricePaise: 8000, weight: 5, recipe: { 'Soda Water': 250, Lemons: 1, Sugar: 20 } },
  { name: 'Iced Lemon Tea', subcategory: COLD, pricePaise: 11000, weight: 3, recipe: { 'Tea Leaves': 6, Lemons: 1, Sugar: 25 } },
  { name: 'Samosa (2 pcs)', subcategory: SNACKS, pricePaise: 4000, weight: 9, recipe: { Samosa: 2, 'Tomato Ketchup': 20 } },
  { name: 'Vada Pav', subcategory: SNACKS, pricePaise: 3500, weight: 7, recipe: { Pav: 1, Potatoes: 100, 'Cooking Oil': 15 } },
  { name: 'Veg Puff', subcategory: SNACKS, pricePaise: 3000, weight: 5, recipe: { 'Veg Puff': 1 } },
  { name: 'French Fries', subcategory: SNACKS, pricePaise: 11000, weight: 6, recipe: { Potatoes: 200, 'Cooking Oil': 30, 'Tomato Ketchup': 20 } },
  { name: 'Pav Bhaji', subcategory: SNACKS, pricePaise: 15000, weight: 5, recipe: { Pav: 2, Potatoes: 150, Tomatoes: 80, Onions: 50, Butter: 20, 'Pav Bhaji Masala': 8 } },
  { name: 'Paneer Pakora', subcategory: SNACKS, pricePaise: 14000, weight: 3, recipe: { Paneer: 120, 'Cooking Oil': 40, 'Tomato Ketchup': 20 } },
  { name: 'Masala Maggi', subcategory: SNACKS, pricePaise: 8000, weight: 5, recipe: { 'Instant Noodles': 1, Onions: 30, Tomatoes: 30, Butter: 10 } },
  { name: 'Veg Sandwich', subcategory: SANDWICHES, pricePaise: 9000, weight: 6, recipe: { 'Sandwich Bread': 2, Potatoes: 60, Tomatoes: 40, Onions: 20, Butter: 10 } },
  { name: 'Cheese Sandwich', subcategory: SANDWICHES, pricePaise: 11000, weight: 5, recipe: { 'Sandwich Bread': 2, 'Cheese Slices': 2, Butter: 10 } },
  { name: 'Grilled Paneer Sandwich', subcategory: SANDWICHES, pricePaise: 16000, weight: 4, recipe: { 'Sandwich Bread': 2, Paneer: 70, Onions: 20, Tomatoes: 30, Mayonnaise: 20, Butter: 10 } },
  { name: 'Bombay Masala Toast', subcategory: SANDWICHES, pricePaise: 12000, weight: 4, recipe: { 'Sandwich Bread': 3, Potatoes: 100, Onions: 20, Tomatoes: 30, Butter: 15 } },
  { name: 'Veg Burger', subcategory: SANDWICHES, pricePaise: 13000, weight: 4, recipe: { 'Burger Buns': 1, Potatoes: 100, Tomatoes: 30, Onions: 20, Mayonnaise: 20, 'Cooking Oil': 20 } },
  { name: 'Cheese Burger', subcategory: SANDWICHES, pricePaise: 15000, weight: 3, recipe: { 'Burger Buns': 1, Potatoes: 100, 'Cheese Slices': 1, Tomatoes: 30, Mayonnaise: 20, 'Cooking Oil': 20 } },
  { name: 'Gulab Jamun (2 pcs)', subcategory: DESSERTS, pricePaise: 6000, weight: 4, recipe: { 'Gulab Jamun': 2 } },
  { name: 'Chocolate Brownie', subcategory: DESSERTS, pricePaise: 12000, weight: 4, recipe: { 'Chocolate Brownie': 1 } },
  { name: 'Brownie with Ice Cream', subcategory: DESSERTS, pricePaise: 17000, weight: 3, recipe: { 'Chocolate Brownie': 1, 'Vanilla Ice Cream': 80, 'Chocolate Syrup': 20 } },
  { name: 'Vanilla Ice Cream (2 scoops)', subcategory: DESSERTS, pricePaise: 9000, weight: 3, recipe: { 'Vanilla Ice Cream': 120 } },
  { name: 'Gulab Jamun with Ice Cream', subcategory: DESSERTS, pricePaise: 11000, weight: 2, recipe: { 'Gulab Jamun': 2, 'Vanilla Ice Cream': 80 } },
  { name: 'Chocolate Sundae', subcategory: DESSERTS, pricePaise: 15000, weight: 2, recipe: { 'Vanilla Ice Cream': 150, 'Chocolate Syrup': 30 } },
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
  products: NewProduct[];
  productIngredients: DemoRecipeRow[];
}

export function buildMenu(ctx: DemoContext, branchId: string): DemoMenu {
  const { idAt, setupTime } = ctx;
  const ingredientIds = new Map(INGREDIENTS.map((def) => [def.name, idAt(setupTime)]));
  const products: NewProduct[] = PRODUCTS.map((def) => ({
    branchId,
    id: idAt(setupTime),
    name: def.name,
    pricePaise: def.pricePaise,
    subcategory: def.subcategory,
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
  return { ingredientIds, products, productIngredients };
}

/** The ingredients (as their stock ends), then the products and their recipes. */
export async function writeMenu(
  tx: DbOrTx,
  rows: {
    ingredients: NewIngredient[];
    products: NewProduct[];
    productIngredients: DemoRecipeRow[];
  },
): Promise<void> {
  await recordDemoIngredients(tx, rows.ingredients);
  await recordDemoProducts(tx, { products: rows.products, recipes: rows.productIngredients });
}
