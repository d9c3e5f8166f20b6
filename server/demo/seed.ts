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
 * shared random streams (demo-context.ts) in a fixed order: the order of the calls below.
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
import { hashPassword } from '../modules/auth/auth.password';
import { hasSuperAdmin } from '../modules/users/users.usecases';
import { demoContext } from './demo-context';
import { buildMenu, writeMenu, type DemoChoices, type DemoRecipeRow } from './demo-menu';
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
  writeStock,
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
  vendors: NewVendor[];
  vendorItems: DemoVendorItem[];
  stockPurchases: NewStockPurchase[];
  vendorPayments: NewVendorPayment[];
  inventoryMovements: NewInventoryMovement[];
  bills: NewBill[];
  billLines: NewBillLine[];
  orderLines: NewOrderLine[];
  sections: TableSection[];
  stations: DemoFloor['stations'];
  routes: DemoFloor['routes'];
}

/** Every demo row, computed from `now` alone (exported for the determinism test). */
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
  const stock = buildStock(ctx, {
    branchId,
    managerId,
    ingredientIds: menu.ingredientIds,
    vendorIds,
    usage: sales.usage,
  });
  const vendorPayments = buildVendorPayments(ctx, {
    branchId,
    managerId,
    managerName: MANAGER.name,
    vendorIds,
    purchaseRows: stock.stockPurchases,
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
    ingredients: stock.ingredients,
    products: menu.products,
    productIngredients: menu.productIngredients,
    choices: menu.choices,
    vendors,
    vendorItems,
    stockPurchases: stock.stockPurchases,
    vendorPayments,
    inventoryMovements: stock.inventoryMovements,
    bills: sales.bills,
    billLines: sales.billLines,
    orderLines,
    sections: floor.sections,
    stations: floor.stations,
    routes: floor.routes,
  };
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
  const rows = buildDemoRows(clock(), { superAdmin, manager, staff, kitchen });

  const seeded = await db.transaction(async (tx) => {
    // Two processes starting at once against one PostgreSQL: the second waits, then sees the
    // first one's super admin and leaves.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tableflow:seed-demo'))`);
    if (await hasSuperAdmin(tx)) return false;

    await writePlatform(tx, rows, totpKey);
    await writeMenu(tx, rows);
    await writeStock(tx, rows);
    await writeFloor(tx, rows);
    await writeSales(tx, rows);
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
