/**
 * The demo data: a super admin and one lively branch, "Demo Cafe", with 60 days of history, so
 * every screen (billing, reports, dues, inventory, vendors) has something real to show.
 *
 * Deterministic: all data comes from a seeded PRNG and the injected clock, never Math.random,
 * so two runs with the same clock produce the same rows (ids included: UUID v7 made from each
 * row's own time and PRNG bytes). Idempotent: nothing happens once a super admin exists.
 *
 * One file per capability builds its rows and writes them through that module's exported use
 * cases (the bills through billing's ledger): demo-platform.ts (branch, logins, two-factor),
 * demo-menu.ts (ingredients, products, recipes), demo-stock.ts (vendors, deliveries, movements,
 * payments), demo-sales.ts (tables, bills, dues, orders in progress). The parts draw from the
 * shared random streams (demo-context.ts) in a fixed order: the order of the calls below. The
 * stock comes last, with streams of its own: what the sales used is inventory's recipe rule's
 * answer (`sale_ingredients`) for the bills once written, never a second copy of the rule.
 */
import { sql } from 'drizzle-orm';
import { DEVELOPMENT_TOTP_KEY } from '../config';
import type { Db } from '../db/client';
import type {
  NewBill,
  NewBillLine,
  NewBranch,
  TaxProfile,
  NewIngredient,
  NewInventoryMovement,
  NewOrderLine,
  NewProduct,
  NewStockPurchase,
  NewTable,
  NewUser,
  NewVendor,
  NewVendorPayment,
  TableSection,
} from '../db/schema';
import type { DemoIngredientStock } from '../modules/inventory/inventory.stock.usecases';
import { hashPassword } from '../modules/auth/auth.password';
import { hasSuperAdmin } from '../modules/users/users.usecases';
import { demoContext, withStreams } from './demo-context';
import {
  buildMenu,
  writeMenu,
  type DemoChoices,
  type DemoRecipeRow,
  type VendorKey,
} from './demo-menu';
import {
  buildPlatform,
  demoLogins,
  KITCHEN,
  MANAGER,
  STAFF,
  SUPER_ADMIN,
  writePlatform,
  type DemoLogins,
  type PasswordHashes,
} from './demo-platform';
import { buildBills } from './demo-sales';
import { writeSales } from './demo-sales-write';
import { buildOpenOrders, buildTables } from './demo-tables';
import { writeCash } from './demo-cash';
import { buildFloor, writeFloor, type DemoFloor } from './demo-floor';
import {
  buildStock,
  buildVendorPayments,
  buildVendors,
  salesUsage,
  writeStock,
  type DemoUsage,
  type DemoVendorItem,
} from './demo-stock';

export { DEMO_BRANCH_CODE, DEMO_HISTORY_DAYS } from './demo-context';
export { DEMO_ADMIN_TOTP_SECRET } from './demo-platform';
export type { DemoLogin, DemoLogins, PasswordHashes } from './demo-platform';
export { createRng } from './demo-rng';

export interface DemoRows {
  branch: NewBranch;
  taxProfile: TaxProfile;
  users: NewUser[];
  tables: NewTable[];
  ingredients: NewIngredient[];
  products: NewProduct[];
  productIngredients: DemoRecipeRow[];
  choices: DemoChoices;
  vendorIds: Record<VendorKey, string>;
  vendors: NewVendor[];
  vendorItems: DemoVendorItem[];
  bills: NewBill[];
  billLines: NewBillLine[];
  orderLines: NewOrderLine[];
  sections: TableSection[];
  stations: DemoFloor['stations'];
  routes: DemoFloor['routes'];
}

/**
 * The stock's 60 days, from what the sales used (`salesUsage`, asked of the database once they
 * are written): deliveries, movements, each ingredient's stock as it ends, the vendors' payments.
 */
export interface DemoStock {
  stockPurchases: NewStockPurchase[];
  inventoryMovements: NewInventoryMovement[];
  stock: DemoIngredientStock[];
  vendorPayments: NewVendorPayment[];
}

/** Its random streams' seed (demo-context.ts `withStreams`). */
const STOCK_STREAMS = 4242;

/** Every demo row but the stock, computed from `now` alone (exported for the determinism test). */
export function buildDemoRows(now: Date, hashes: PasswordHashes): DemoRows {
  const ctx = demoContext(now);
  const platform = buildPlatform(ctx, hashes);
  const { branchId, managerId } = platform;
  const tables = buildTables(ctx, branchId);
  const menu = buildMenu(ctx, branchId);
  const { vendorIds, vendors, vendorItems } = buildVendors(ctx, {
    branchId,
    ingredientIds: menu.ingredientIds,
  });
  const sales = buildBills(ctx, {
    branchId,
    managerId,
    cashiers: platform.cashiers,
    tableRows: tables,
    productRows: menu.products,
    choices: menu.choices,
    taxProfile: platform.taxProfile,
  });
  const orderLines = buildOpenOrders(ctx, {
    branchId,
    tableRows: tables,
    productRows: menu.products,
  });
  // Last: its ids are drawn after everyone else's.
  const floor = buildFloor(ctx, {
    branchId,
    tables,
    orderLines,
    openers: platform.cashiers.map((cashier) => cashier.id),
    passwordHash: hashes.kitchen,
    plan: { activeDate: platform.branch.activeDate, deactiveDate: platform.branch.deactiveDate },
  });
  return {
    branch: platform.branch,
    taxProfile: platform.taxProfile,
    users: [...platform.users, floor.kitchenUser],
    tables: floor.tables,
    ingredients: menu.ingredients,
    products: menu.products,
    productIngredients: menu.productIngredients,
    choices: menu.choices,
    vendorIds,
    vendors,
    vendorItems,
    bills: sales.bills,
    billLines: sales.billLines,
    orderLines,
    sections: floor.sections,
    stations: floor.stations,
    routes: floor.routes,
  };
}

/**
 * The stock's rows from `usage`, what the demo's bills used (exported for the determinism test):
 * with random streams of their own, so the rest of the demo is as if the stock were not there.
 */
export function buildDemoStock(now: Date, rows: DemoRows, usage: DemoUsage): DemoStock {
  const ctx = withStreams(demoContext(now), STOCK_STREAMS);
  const branchId = rows.branch.id!;
  const managerId = rows.users.find((user) => user.role === 'branch_manager')!.id!;
  const { stock, inventoryMovements, stockPurchases } = buildStock(ctx, {
    branchId,
    managerId,
    ingredientIds: new Map(rows.ingredients.map((row) => [row.name, row.id!])),
    vendorIds: rows.vendorIds,
    usage,
  });
  const vendorPayments = buildVendorPayments(ctx, {
    branchId,
    managerId,
    managerName: MANAGER.name,
    vendorIds: rows.vendorIds,
    purchaseRows: stockPurchases,
  });
  return { stockPurchases, inventoryMovements, stock, vendorPayments };
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
  const [superAdmin, manager, staff, kitchen] = await Promise.all([
    hashPassword(SUPER_ADMIN.password),
    hashPassword(MANAGER.password),
    hashPassword(STAFF[0]!.password),
    hashPassword(KITCHEN.password),
  ]);
  const now = clock();
  const rows = buildDemoRows(now, { superAdmin, manager, staff, kitchen });

  const seeded = await db.transaction(async (tx) => {
    // Two processes starting at once against one PostgreSQL: the second waits, then sees the
    // first one's super admin and leaves.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tableflow:seed-demo'))`);
    if (await hasSuperAdmin(tx)) return false;

    await writePlatform(tx, rows, totpKey);
    await writeMenu(tx, rows);
    await writeFloor(tx, rows);
    await writeSales(tx, rows);
    const usage = await salesUsage(tx, rows.branch.id!, rows);
    await writeStock(tx, { ...rows, ...buildDemoStock(now, rows, usage) });
    await writeCash(tx, {
      now: clock(),
      branchId: rows.branch.id!,
      branchName: rows.branch.name,
      managerId: rows.users.find((user) => user.role === 'branch_manager')!.id!,
      managerName: MANAGER.name,
      cashierIds: rows.users.filter((user) => user.role === 'staff').map((user) => user.id!),
    });
    return true;
  });
  return demoLogins(seeded);
}
