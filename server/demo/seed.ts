/**
 * The demo data: a super admin and one lively branch, "Demo Cafe", with 60 days of history, so
 * every screen (billing, reports, dues, inventory, vendors) has something real to show.
 *
 * Deterministic: all data comes from a seeded PRNG and the injected clock, never Math.random,
 * so two runs with the same clock produce the same rows (ids included: UUID v7 made from each
 * row's own time and PRNG bytes). Idempotent: nothing happens once a super admin exists.
 */
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  addDays,
  addMonths,
  businessDate,
  startOfBusinessDate,
  type IsoDate,
} from '../../shared/dates';
import { discountPaise, lineTotalPaise } from '../../shared/money';
import { pricingPlan } from '../../shared/plans';
import { DEVELOPMENT_TOTP_KEY } from '../config';
import { hashPassword } from '../modules/auth/auth.password';
import { enrolWithKnownSecret } from '../modules/auth/auth.two-factor.usecases';
import { continueBillCounters, recordBills } from '../modules/billing/bill-ledger';
import { financialYearOf, formatBillNumber } from '../modules/billing/bill-number';
import { BILL_STATUS_CHANGE } from '../modules/billing/billing.settle.usecases';
import { recordAudits, type AuditEntry } from '../lib/audit';
import type { Db, Tx } from '../db/client';
import {
  branches,
  ingredients,
  inventoryMovements,
  orderLines,
  productIngredients,
  products,
  stockPurchases,
  tables,
  users,
  vendorItems,
  vendorPayments,
  vendors,
  type NewBill,
  type NewBillLine,
  type NewIngredient,
  type NewInventoryMovement,
  type NewOrderLine,
  type NewProduct,
  type NewStockPurchase,
  type NewTable,
  type NewUser,
  type NewVendor,
  type NewVendorPayment,
} from '../db/schema';
import type { PaymentMethod } from '../../shared/constants';
import type { StoredUnit as StockUnit } from '../../shared/units';

export interface DemoLogin {
  email: string;
  password: string;
}

/**
 * The demo super admin's two-factor secret (super admins must use two-factor sign-in). It is
 * public on purpose, like the demo passwords: add it to an authenticator app (or compute codes
 * from it, as the browser tests do) to sign in as the demo super admin.
 */
export const DEMO_ADMIN_TOTP_SECRET = 'TABLEFLOWDEMOADMINTWOFACTORKEY23';

export interface DemoLogins {
  /** False when the database already had a super admin and nothing was written. */
  seeded: boolean;
  superAdmin: DemoLogin & { twoFactorSecret: string };
  manager: DemoLogin;
  staff: DemoLogin[];
}

const SUPER_ADMIN = { name: 'Platform Admin', email: 'admin@tableflow.in', password: 'Admin@1234' };
const MANAGER = { name: 'Priya Sharma', email: 'manager@demo.cafe', password: 'Manager@1234' };
const STAFF = [
  { name: 'Asha Patil', email: 'asha@demo.cafe', password: 'Staff@1234' },
  { name: 'Ravi Kumar', email: 'ravi@demo.cafe', password: 'Staff@1234' },
];

export const DEMO_BRANCH_CODE = 'DEMO01';
const TIME_ZONE = 'Asia/Kolkata';
/** Days of history, today included. */
export const DEMO_HISTORY_DAYS = 60;
/** Rows per INSERT: large enough to be quick on PGlite, far below the bind-parameter limit. */
const BATCH_SIZE = 500;

function demoLogins(seeded: boolean): DemoLogins {
  return {
    seeded,
    superAdmin: {
      email: SUPER_ADMIN.email,
      password: SUPER_ADMIN.password,
      twoFactorSecret: DEMO_ADMIN_TOTP_SECRET,
    },
    manager: { email: MANAGER.email, password: MANAGER.password },
    staff: STAFF.map(({ email, password }) => ({ email, password })),
  };
}

// ---------------------------------------------------------------------------------------------
// Catalogue: ingredients (with how they are bought) and products (with recipes)
// ---------------------------------------------------------------------------------------------

type VendorKey = 'dairy' | 'vegetables' | 'traders';

interface IngredientDef {
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
const INGREDIENTS: IngredientDef[] = [
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

/**
 * Ingredients that end below their low-stock threshold (after a wastage write-off and no
 * reorder in the last days), so the low-stock alerts have something to show.
 */
const RUNS_LOW = new Map([
  ['Mango Pulp', 'Two tins found dented and swollen, discarded'],
  ['Cheese Slices', 'Stock count: packs past expiry discarded'],
]);
const RUNS_LOW_DAYS = 3;

interface ProductDef {
  name: string;
  subcategory: string;
  pricePaise: number;
  /** Relative popularity. */
  weight: number;
  recipe: Record<string, number>;
}

const HOT = 'Hot Beverages';
const COLD = 'Cold Beverages';
const SNACKS = 'Snacks';
const SANDWICHES = 'Sandwiches';
const DESSERTS = 'Desserts';

// prettier-ignore
const PRODUCTS: ProductDef[] = [
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

// prettier-ignore
const VENDORS: Record<VendorKey, { name: string; contactNo: string; address: string }> = {
  dairy: { name: 'Krishna Dairy Suppliers', contactNo: '+91 98450 12345', address: '14, 3rd Cross, Ejipura Main Road, Bengaluru 560047' },
  vegetables: { name: 'Fresh Basket Vegetables', contactNo: '+91 99001 23456', address: 'Shop 42, KR Market, Bengaluru 560002' },
  traders: { name: 'Shree Ganesh Traders', contactNo: '+91 80 2345 6789', address: '7, Chickpet Main Road, Bengaluru 560053' },
};

const TABLE_LABELS = ['T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T8', 'Counter 1', 'Counter 2'];

const DUE_NAMES = [
  'Rohit Mehta',
  'Sharma ji (office, 3rd floor)',
  'Neha Joshi',
  'Vikram Rao',
  'Anil (regular)',
  'Kavya Iyer',
];

/** Customers per hour of the day (08:00 to 22:59): breakfast, a lunch peak, an evening peak. */
const HOUR_WEIGHTS: [hour: number, weight: number][] = [
  [8, 2],
  [9, 3],
  [10, 3],
  [11, 4],
  [12, 7],
  [13, 9],
  [14, 7],
  [15, 4],
  [16, 4],
  [17, 5],
  [18, 7],
  [19, 9],
  [20, 9],
  [21, 6],
  [22, 2],
];

// ---------------------------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------------------------

/** mulberry32: tiny, fast, good enough for demo data; the same seed gives the same stream. */
export function createRng(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const chance = (p: number): boolean => next() < p;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const weighted = <T>(items: readonly T[], weightOf: (item: T) => number): T => {
    const total = items.reduce((sum, item) => sum + weightOf(item), 0);
    let r = next() * total;
    for (const item of items) {
      r -= weightOf(item);
      if (r < 0) return item;
    }
    return items[items.length - 1]!;
  };
  const bytes = (n: number): Uint8Array => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = Math.floor(next() * 256);
    return out;
  };
  return { next, int, chance, pick, weighted, bytes };
}

// ---------------------------------------------------------------------------------------------
// Building the rows (pure; no database)
// ---------------------------------------------------------------------------------------------

export interface PasswordHashes {
  superAdmin: string;
  manager: string;
  staff: string;
}

export interface DemoRows {
  branch: typeof branches.$inferInsert;
  users: NewUser[];
  tables: NewTable[];
  ingredients: NewIngredient[];
  products: NewProduct[];
  productIngredients: (typeof productIngredients.$inferInsert)[];
  vendors: NewVendor[];
  vendorItems: (typeof vendorItems.$inferInsert)[];
  stockPurchases: NewStockPurchase[];
  vendorPayments: NewVendorPayment[];
  inventoryMovements: NewInventoryMovement[];
  bills: NewBill[];
  billLines: NewBillLine[];
  orderLines: NewOrderLine[];
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Every demo row, computed from `now` alone (exported for the determinism test). */
export function buildDemoRows(now: Date, hashes: PasswordHashes): DemoRows {
  const rng = createRng(20240601);
  // A separate stream for ids, so adding a row somewhere does not reshuffle all the data.
  const idRng = createRng(7);
  const idAt = (at: Date): string => uuidv7({ msecs: at.getTime(), random: idRng.bytes(16) });

  const today = businessDate(now, TIME_ZONE);
  const firstDay = addDays(today, -(DEMO_HISTORY_DAYS - 1));
  const midnights = new Map<IsoDate, number>();
  /** An instant on a business date, `minutes` after local midnight. */
  const at = (date: IsoDate, minutes: number): Date => {
    let midnight = midnights.get(date);
    if (midnight === undefined) {
      midnight = startOfBusinessDate(date, TIME_ZONE).getTime();
      midnights.set(date, midnight);
    }
    return new Date(midnight + minutes * MINUTE);
  };
  const setupTime = at(addDays(firstDay, -1), 10 * 60);

  // --- branch and people -------------------------------------------------------------------
  // On the Premium plan since the day it was set up, the day before its oldest bill.
  const plan = pricingPlan('premium');
  const planStart = addDays(firstDay, -1);
  const branchId = idAt(setupTime);
  const branch: typeof branches.$inferInsert = {
    id: branchId,
    code: DEMO_BRANCH_CODE,
    name: 'Demo Cafe',
    ownerName: MANAGER.name,
    email: MANAGER.email,
    location: 'Koramangala, Bengaluru',
    address: '12, 80 Feet Road, 5th Block, Koramangala, Bengaluru, Karnataka 560095',
    phone: '+91 80 4123 4567',
    gstin: '29ABCDE1234F1Z5',
    timeZone: TIME_ZONE,
    plan: plan.id,
    subscriptionType: plan.subscriptionType,
    activeDate: planStart,
    deactiveDate: addDays(addMonths(planStart, plan.durationMonths), -1),
    numberOfUsers: plan.users,
    amountPaise: plan.pricePaise,
    isActive: true,
    createdAt: setupTime,
    updatedAt: setupTime,
  };

  const superAdminId = idAt(setupTime);
  const managerId = idAt(setupTime);
  const staffIds = STAFF.map(() => idAt(setupTime));
  const userRows: NewUser[] = [
    {
      id: superAdminId,
      role: 'super_admin',
      branchId: null,
      name: SUPER_ADMIN.name,
      email: SUPER_ADMIN.email,
      passwordHash: hashes.superAdmin,
      createdAt: setupTime,
      updatedAt: setupTime,
    },
    {
      id: managerId,
      role: 'branch_manager',
      branchId,
      name: MANAGER.name,
      email: MANAGER.email,
      passwordHash: hashes.manager,
      // Usable at once: the demo should not start with a forced password change.
      mustChangePassword: false,
      createdAt: setupTime,
      updatedAt: setupTime,
    },
    ...STAFF.map((staff, i): NewUser => ({
      id: staffIds[i]!,
      role: 'staff',
      branchId,
      name: staff.name,
      email: staff.email,
      passwordHash: hashes.staff,
      isActive: true,
      activeDate: branch.activeDate,
      deactiveDate: branch.deactiveDate,
      createdAt: setupTime,
      updatedAt: setupTime,
    })),
  ];
  const cashiers = [
    { id: staffIds[0]!, weight: 45 },
    { id: staffIds[1]!, weight: 40 },
    { id: managerId, weight: 15 },
  ];

  // --- catalogue -----------------------------------------------------------------------------
  const tableRows: NewTable[] = TABLE_LABELS.map((label) => ({
    branchId,
    id: idAt(setupTime),
    label,
    createdAt: setupTime,
  }));
  const counters = tableRows.filter((t) => t.label.startsWith('Counter'));
  const dining = tableRows.filter((t) => !t.label.startsWith('Counter'));

  const ingredientIds = new Map(INGREDIENTS.map((def) => [def.name, idAt(setupTime)]));
  const productRows: NewProduct[] = PRODUCTS.map((def) => ({
    branchId,
    id: idAt(setupTime),
    name: def.name,
    pricePaise: def.pricePaise,
    subcategory: def.subcategory,
    createdAt: setupTime,
    updatedAt: setupTime,
  }));
  const recipeRows = PRODUCTS.flatMap((def, i) =>
    Object.entries(def.recipe).map(([ingredient, quantityUsed]) => {
      const ingredientId = ingredientIds.get(ingredient);
      if (!ingredientId) throw new Error(`Recipe of ${def.name} names unknown ${ingredient}`);
      return { branchId, productId: productRows[i]!.id!, ingredientId, quantityUsed };
    }),
  );

  const vendorIds = {} as Record<VendorKey, string>;
  const vendorRows: NewVendor[] = (Object.keys(VENDORS) as VendorKey[]).map((key) => {
    vendorIds[key] = idAt(setupTime);
    const categories = [
      ...new Set(INGREDIENTS.filter((i) => i.vendor === key).map((i) => i.category)),
    ];
    return {
      branchId,
      id: vendorIds[key],
      ...VENDORS[key],
      categories,
      createdAt: setupTime,
      updatedAt: setupTime,
    };
  });
  const vendorItemRows = INGREDIENTS.map((def) => ({
    branchId,
    vendorId: vendorIds[def.vendor],
    ingredientId: ingredientIds.get(def.name)!,
  }));

  // --- bills, day by day ---------------------------------------------------------------------
  const billRows: NewBill[] = [];
  const billLineRows: NewBillLine[] = [];
  /** usage[dayIndex][ingredient name] in base units. */
  const usage: Map<string, number>[] = [];
  const days: IsoDate[] = [];
  /** Bills numbered so far per financial year. */
  const billCounts = new Map<string, number>();

  for (let d = 0; d < DEMO_HISTORY_DAYS; d++) {
    const date = addDays(firstDay, d);
    days.push(date);
    const used = new Map<string, number>();
    usage.push(used);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
    const base = weekday === 0 ? 40 : weekday === 6 ? 42 : weekday === 5 ? 34 : 29;
    const count = Math.min(45, Math.max(25, base + rng.int(-4, 4)));
    const visits = Array.from({ length: count }, () => {
      const [hour] = rng.weighted(HOUR_WEIGHTS, ([, w]) => w);
      const time = at(date, hour * 60 + rng.int(0, 59)).getTime() + rng.int(0, 59) * 1000;
      return { hour, time };
    }).sort((a, b) => a.time - b.time);

    for (const { hour, time } of visits) {
      // Today's history stops a few minutes before now.
      if (time > now.getTime() - 5 * MINUTE) break;
      const createdAt = new Date(time);
      const billId = idAt(createdAt);
      const table = rng.chance(0.3) ? rng.pick(counters) : rng.pick(dining);
      const lineCount = rng.weighted(
        [
          [1, 30],
          [2, 32],
          [3, 20],
          [4, 11],
          [5, 7],
        ] as const,
        ([, w]) => w,
      )[0];
      const chosen = new Set<number>();
      while (chosen.size < lineCount) {
        // Mornings lean to tea, coffee and a snack.
        const index = rng.weighted(
          PRODUCTS.map((_, i) => i),
          (i) => PRODUCTS[i]!.weight * (hour < 11 && PRODUCTS[i]!.subcategory === HOT ? 2 : 1),
        );
        chosen.add(index);
      }
      let subtotalPaise = 0;
      for (const index of chosen) {
        const def = PRODUCTS[index]!;
        const quantity = rng.weighted(
          [
            [1, 72],
            [2, 22],
            [3, 6],
          ] as const,
          ([, w]) => w,
        )[0];
        const lineTotal = lineTotalPaise(def.pricePaise, quantity);
        subtotalPaise += lineTotal;
        billLineRows.push({
          branchId,
          id: idAt(createdAt),
          billId,
          productId: productRows[index]!.id!,
          name: def.name,
          subcategory: def.subcategory,
          unitPricePaise: def.pricePaise,
          quantity,
          lineTotalPaise: lineTotal,
        });
        for (const [ingredient, perUnit] of Object.entries(def.recipe)) {
          used.set(ingredient, (used.get(ingredient) ?? 0) + perUnit * quantity);
        }
      }

      const discountBps = rng.chance(0.07) ? (rng.chance(0.6) ? 500 : 1000) : 0;
      const discount = discountPaise(subtotalPaise, discountBps);
      const cashier = rng.weighted(cashiers, (c) => c.weight).id;
      const isDue = rng.chance(0.03);
      let method: PaymentMethod = isDue
        ? 'Due'
        : rng.weighted(
            [
              ['UPI', 48],
              ['Cash', 30],
              ['Card', 22],
            ] as const,
            ([, w]) => w,
          )[0];
      let status: 'Settled' | 'Due' = isDue ? 'Due' : 'Settled';
      let settledAt: Date | null = isDue ? null : createdAt;
      let settledBy: string | null = isDue ? null : cashier;
      const responsible = isDue ? rng.pick(DUE_NAMES) : null;
      if (isDue && rng.chance(0.75)) {
        // Most dues are cleared within a week, through the dues popup.
        const later = new Date(time + rng.int(1, 6) * DAY + rng.int(-120, 120) * MINUTE);
        if (later.getTime() < now.getTime()) {
          status = 'Settled';
          settledAt = later;
          settledBy = managerId;
          method = rng.chance(0.6) ? 'UPI' : 'Cash';
        }
      }
      const financialYear = financialYearOf(date);
      const billNumber = (billCounts.get(financialYear) ?? 0) + 1;
      billCounts.set(financialYear, billNumber);
      billRows.push({
        branchId,
        id: billId,
        tableId: table.id!,
        tableLabel: table.label,
        number: formatBillNumber(DEMO_BRANCH_CODE, financialYear, billNumber),
        financialYear,
        businessDate: date,
        subtotalPaise,
        discountBps,
        discountPaise: discount,
        totalPaise: subtotalPaise - discount,
        method,
        status,
        responsible,
        idempotencyKey: `demo-${billId}`,
        createdBy: cashier,
        createdAt,
        settledAt,
        settledBy,
      });
    }
  }

  // --- inventory: opening stock, deliveries before opening, one sales movement per day -------
  const ingredientRows: NewIngredient[] = [];
  const movementRows: NewInventoryMovement[] = [];
  const purchaseRows: NewStockPurchase[] = [];
  const totalUse = new Map<string, number>();
  for (const used of usage) {
    for (const [name, q] of used) totalUse.set(name, (totalUse.get(name) ?? 0) + q);
  }

  for (const def of INGREDIENTS) {
    const ingredientId = ingredientIds.get(def.name)!;
    const vendorId = vendorIds[def.vendor];
    const inRecipes = totalUse.has(def.name);
    // Items outside recipes (napkins) are used up at one unit a week.
    const daily = inRecipes ? Math.max(1, totalUse.get(def.name)! / DEMO_HISTORY_DAYS) : 1 / 7;
    const reorderDays = def.perishable ? 2 : 5;
    const targetDays = def.perishable ? 4 : 14;
    const packsFor = (qty: number) => Math.max(1, Math.ceil(qty / def.packQty));

    let quantity = packsFor(daily * targetDays) * def.packQty;
    let updatedAt = setupTime;
    movementRows.push({
      branchId,
      id: idAt(setupTime),
      ingredientId,
      action: 'add_inventory',
      quantityDelta: quantity,
      quantityAfter: quantity,
      userId: managerId,
      note: 'Opening stock',
      createdAt: setupTime,
    });

    for (let d = 0; d < DEMO_HISTORY_DAYS; d++) {
      const date = days[d]!;
      const used = inRecipes ? (usage[d]!.get(def.name) ?? 0) : d % 7 === 6 ? 1 : 0;
      const lowReason = RUNS_LOW.get(def.name);
      const runningLow = lowReason !== undefined && d >= DEMO_HISTORY_DAYS - RUNS_LOW_DAYS;
      if (lowReason !== undefined && d === DEMO_HISTORY_DAYS - RUNS_LOW_DAYS) {
        // Write off down to what the last days will sell plus about half a day's worth.
        let rest = Math.round(daily * 0.6);
        for (let k = d; k < DEMO_HISTORY_DAYS; k++) rest += usage[k]!.get(def.name) ?? 0;
        if (quantity > rest) {
          const writtenOffAt = at(date, 8 * 60);
          const delta = rest - quantity;
          quantity = rest;
          movementRows.push({
            branchId,
            id: idAt(writtenOffAt),
            ingredientId,
            action: 'adjustment',
            quantityDelta: delta,
            quantityAfter: quantity,
            userId: managerId,
            note: lowReason,
            createdAt: writtenOffAt,
          });
          updatedAt = writtenOffAt;
        }
      }
      const deliveredAt = new Date(at(date, 8 * 60 + 30).getTime() + rng.int(0, 90) * MINUTE);
      // Reorder when stock would not last the reorder window (or today's rush, if larger).
      const needed = Math.max(daily * reorderDays, used * 1.2);
      if (!runningLow && quantity < needed && deliveredAt.getTime() < now.getTime()) {
        const packs = packsFor(daily * targetDays - quantity);
        const purchaseId = idAt(deliveredAt);
        const purchaseQty = packs * def.packQty;
        const pricePaise = packs * def.packPaise;
        quantity += purchaseQty;
        purchaseRows.push({
          branchId,
          id: purchaseId,
          vendorId,
          ingredientId,
          invoiceDate: date,
          quantity: purchaseQty,
          pricePaise,
          createdBy: managerId,
          createdAt: deliveredAt,
        });
        movementRows.push({
          branchId,
          id: idAt(deliveredAt),
          ingredientId,
          action: 'add_stock',
          quantityDelta: purchaseQty,
          quantityAfter: quantity,
          pricePaise,
          invoiceDate: date,
          vendorId,
          stockPurchaseId: purchaseId,
          userId: managerId,
          createdAt: deliveredAt,
        });
        updatedAt = deliveredAt;
      }
      if (used > 0) {
        // One movement per ingredient per day (not per bill) keeps the history readable.
        const closing = at(date, 23 * 60 + 15);
        const soldAt =
          closing.getTime() < now.getTime()
            ? closing
            : new Date(Math.max(now.getTime() - MINUTE, updatedAt.getTime() + 1000));
        quantity -= used;
        movementRows.push({
          branchId,
          id: idAt(soldAt),
          ingredientId,
          // Napkins are used up, not sold: record them as an adjustment.
          action: inRecipes ? 'sale' : 'adjustment',
          quantityDelta: -used,
          quantityAfter: quantity,
          userId: null,
          note: inRecipes ? `Sales of ${date}` : `Used during the week to ${date}`,
          createdAt: soldAt,
        });
        updatedAt = soldAt;
      }
    }

    ingredientRows.push({
      branchId,
      id: ingredientId,
      name: def.name,
      category: def.category,
      unit: def.unit,
      quantity,
      // Warn at about two days of use.
      lowStockThreshold: Math.max(1, Math.round(daily * 2)),
      createdAt: setupTime,
      updatedAt,
    });
  }

  // --- vendor payments: weekly, for deliveries older than a week ------------------------------
  const paymentRows: NewVendorPayment[] = [];
  for (const key of Object.keys(VENDORS) as VendorKey[]) {
    const vendorId = vendorIds[key];
    let paidUpTo = 0; // index into this vendor's purchases
    const purchases = purchaseRows
      .filter((p) => p.vendorId === vendorId)
      .sort((a, b) => a.invoiceDate.localeCompare(b.invoiceDate));
    for (let d = 7; d < DEMO_HISTORY_DAYS; d += 7) {
      const payDate = days[d]!;
      const cutoff = addDays(payDate, -7);
      let amount = 0;
      while (paidUpTo < purchases.length && purchases[paidUpTo]!.invoiceDate <= cutoff) {
        amount += purchases[paidUpTo]!.pricePaise;
        paidUpTo++;
      }
      const paidAt = at(payDate, 11 * 60 + rng.int(0, 120));
      if (amount <= 0 || paidAt.getTime() >= now.getTime()) continue;
      const viaUpi = rng.chance(0.6);
      paymentRows.push({
        branchId,
        id: idAt(paidAt),
        vendorId,
        amountPaise: amount,
        paidBy: MANAGER.name,
        paidOn: payDate,
        note: viaUpi ? 'UPI transfer' : `Cheque no. ${rng.int(100000, 999999)}`,
        createdAt: paidAt,
        createdBy: managerId,
      });
    }
  }

  // --- two tables with an order in progress, so billing has something to pay --------------
  const openOrders: [label: string, items: [product: string, quantity: number][]][] = [
    [
      'T3',
      [
        ['Masala Chai', 2],
        ['Veg Sandwich', 1],
      ],
    ],
    [
      'T5',
      [
        ['Cold Coffee', 1],
        ['Samosa (2 pcs)', 2],
        ['Chocolate Brownie', 1],
      ],
    ],
    ['Counter 1', [['Filter Coffee', 1]]],
  ];
  const orderLineRows: NewOrderLine[] = openOrders.flatMap(([label, items], t) => {
    const table = tableRows.find((row) => row.label === label)!;
    return items.map(([name, quantity], i): NewOrderLine => {
      const index = PRODUCTS.findIndex((p) => p.name === name);
      const when = new Date(now.getTime() - (25 - t * 8 - i) * MINUTE);
      return {
        branchId,
        id: idAt(when),
        tableId: table.id!,
        productId: productRows[index]!.id!,
        name,
        unitPricePaise: PRODUCTS[index]!.pricePaise,
        quantity,
        createdAt: when,
        updatedAt: when,
      };
    });
  });

  return {
    branch,
    users: userRows,
    tables: tableRows,
    ingredients: ingredientRows,
    products: productRows,
    productIngredients: recipeRows,
    vendors: vendorRows,
    vendorItems: vendorItemRows,
    stockPurchases: purchaseRows,
    vendorPayments: paymentRows,
    inventoryMovements: movementRows,
    bills: billRows,
    billLines: billLineRows,
    orderLines: orderLineRows,
  };
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

/** Rows by a key, in their order (Node 20 has no Map.groupBy). */
function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

async function insertInBatches<T>(
  rows: readonly T[],
  insert: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH_SIZE) {
    await insert(rows.slice(i, i + BATCH_SIZE));
  }
}

async function hasSuperAdmin(db: Db | Tx): Promise<boolean> {
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'super_admin'))
    .limit(1);
  return found.length > 0;
}

/**
 * Creates the demo super admin and the "Demo Cafe" branch with 60 days of history, in one
 * transaction. Does nothing when a super admin already exists (a real installation, or an
 * earlier seed). Returns the demo logins either way; `seeded` says whether it wrote anything.
 */
export async function seedDemo({
  db,
  clock,
  totpKey = DEVELOPMENT_TOTP_KEY,
}: {
  db: Db;
  clock: () => Date;
  /**
   * The server's key (config.totpKey), which seals the demo super admin's two-factor secret:
   * the server and `npm run seed` pass it; tests may leave the development key.
   */
  totpKey?: Buffer;
}): Promise<DemoLogins> {
  if (await hasSuperAdmin(db)) return demoLogins(false);

  // argon2 is deliberately slow: hash each distinct password once, outside the transaction.
  const [superAdmin, manager, staff] = await Promise.all([
    hashPassword(SUPER_ADMIN.password),
    hashPassword(MANAGER.password),
    hashPassword(STAFF[0]!.password),
  ]);
  const rows = buildDemoRows(clock(), { superAdmin, manager, staff });

  const seeded = await db.transaction(async (tx) => {
    // Two processes starting at once against one PostgreSQL: the second waits, then sees the
    // first one's super admin and leaves.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tableflow:seed-demo'))`);
    if (await hasSuperAdmin(tx)) return false;

    await tx.insert(branches).values(rows.branch);
    await tx.insert(users).values(rows.users);
    const superAdmin = rows.users.find((user) => user.role === 'super_admin')!;
    await enrolWithKnownSecret(tx, {
      key: totpKey,
      userId: superAdmin.id!,
      secret: DEMO_ADMIN_TOTP_SECRET,
      at: superAdmin.createdAt!,
    });
    await tx.insert(tables).values(rows.tables);
    await insertInBatches(rows.ingredients, (b) => tx.insert(ingredients).values(b));
    await insertInBatches(rows.products, (b) => tx.insert(products).values(b));
    await insertInBatches(rows.productIngredients, (b) => tx.insert(productIngredients).values(b));
    await tx.insert(vendors).values(rows.vendors);
    await insertInBatches(rows.vendorItems, (b) => tx.insert(vendorItems).values(b));
    await insertInBatches(rows.stockPurchases, (b) => tx.insert(stockPurchases).values(b));
    await insertInBatches(rows.vendorPayments, (b) => tx.insert(vendorPayments).values(b));
    // Through billing's ledger: settled bills were received in one go, by their method, when
    // settled; the numbering goes on from the demo's last bill.
    const linesOf = groupBy(rows.billLines, (line) => line.billId);
    for (const [branchId, branchBills] of groupBy(rows.bills, (bill) => bill.branchId)) {
      await recordBills(
        tx,
        branchId,
        branchBills.map((bill) => ({
          bill: { ...bill, id: bill.id! },
          lines: linesOf.get(bill.id!) ?? [],
          payments:
            bill.status === 'Settled' && bill.totalPaise > 0
              ? [
                  {
                    branchId,
                    billId: bill.id!,
                    method: bill.method,
                    amountPaise: bill.totalPaise,
                    receivedAt: bill.settledAt!,
                    receivedBy: bill.settledBy,
                  },
                ]
              : [],
        })),
      );
    }
    await continueBillCounters(tx);
    // Each bill's history as billing and the dues popup write it: how it was billed, and for a
    // due settled later, its change to Settled.
    const history: AuditEntry[] = rows.bills.flatMap((bill) => {
      const settledLater = bill.status === 'Settled' && bill.responsible != null;
      const billed = settledLater
        ? { status: 'Due', method: 'Due' }
        : { status: bill.status, method: bill.method };
      const entry = (action: string, at: Date, userId: string | null, data: object) => ({
        branchId: bill.branchId,
        userId,
        action,
        entity: 'bill',
        entityId: bill.id!,
        data: { ...data },
        at,
      });
      const entries = [
        entry(
          billed.status === 'Due' ? 'bill.due' : 'bill.settle',
          bill.createdAt!,
          bill.createdBy ?? null,
          {
            tableId: bill.tableId,
            totalPaise: bill.totalPaise,
            ...billed,
          },
        ),
      ];
      if (settledLater) {
        entries.push(
          entry(BILL_STATUS_CHANGE, bill.settledAt!, bill.settledBy ?? null, {
            from: billed,
            to: { status: 'Settled', method: bill.method },
            amountPaise: bill.totalPaise,
          }),
        );
      }
      return entries;
    });
    await insertInBatches(history, (batch) => recordAudits(tx, batch));
    await insertInBatches(rows.inventoryMovements, (b) => tx.insert(inventoryMovements).values(b));
    await insertInBatches(rows.orderLines, (b) => tx.insert(orderLines).values(b));
    return true;
  });
  return demoLogins(seeded);
}
