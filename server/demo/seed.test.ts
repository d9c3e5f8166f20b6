import { count, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, businessDate } from '../../shared/dates';
import { discountPaise } from '../../shared/money';
import { DEVELOPMENT_TOTP_KEY } from '../config';
import { verifyPassword } from '../modules/auth/auth.password';
import { openSecret } from '../modules/auth/auth.totp';
import { dailyTotalsMismatches } from '../test/daily-totals';
import { createTestDatabase } from '../test/test-database';
import type { Database, Db } from '../db/client';
import {
  auditLog,
  billLines,
  bills,
  branches,
  dailyAddonSales,
  dailyItemSales,
  ingredients,
  inventoryMovements,
  kitchenStations,
  orderLines,
  productIngredients,
  products,
  stockPurchases,
  subcategoryStations,
  tableSections,
  tables,
  twoFactorCredentials,
  users,
  vendorItems,
  vendorPayments,
  vendors,
} from '../db/schema';
import { salesUsage } from './demo-stock';
import {
  buildDemoRows,
  buildDemoStock,
  DEMO_ADMIN_TOTP_SECRET,
  DEMO_BRANCH_CODE,
  seedDemo,
  type DemoLogins,
} from './seed';

// Noon in Bengaluru, so today's business hours are half over.
const NOW = new Date('2026-11-22T06:30:00Z');
const clock = () => new Date(NOW);
const TODAY = businessDate(NOW, 'Asia/Kolkata');

let database: Database;
let db: Db;
let first: DemoLogins;
let second: DemoLogins;

async function rows<T>(query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

async function countOf(table: Parameters<ReturnType<Db['select']>['from']>[0]) {
  const [row] = await db.select({ n: count() }).from(table);
  return row!.n;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  first = await seedDemo({ db, clock, totpKey: DEVELOPMENT_TOTP_KEY });
  second = await seedDemo({ db, clock, totpKey: DEVELOPMENT_TOTP_KEY });
});

afterAll(async () => {
  await database?.close();
});

it('Seeding twice writes the demo once and leaves exactly one super admin.', async () => {
  expect(first.seeded).toBe(true);
  expect(second.seeded).toBe(false);
  const admins = await db.select().from(users).where(eq(users.role, 'super_admin'));
  expect(admins).toHaveLength(1);
  expect(await countOf(branches)).toBe(1);
});

it('Every demo login signs in with its printed password, and none must change it first.', async () => {
  const logins = [first.superAdmin, first.manager, ...first.staff, first.kitchen];
  expect(logins.map((l) => l.email)).toEqual([
    'admin@tableflow.in',
    'manager@demo.cafe',
    'asha@demo.cafe',
    'ravi@demo.cafe',
    'kitchen@demo.cafe',
  ]);
  for (const login of logins) {
    const [user] = await db.select().from(users).where(eq(users.email, login.email));
    expect(user, login.email).toBeDefined();
    expect(await verifyPassword(user!.passwordHash, login.password)).toBe(true);
    expect(await verifyPassword(user!.passwordHash, 'wrong password')).toBe(false);
    expect(user!.mustChangePassword).toBe(false);
    expect(user!.isActive).toBe(true);
  }
});

it('The demo super admin has two-factor sign-in on with the documented secret, sealed at rest.', async () => {
  const [admin] = await db.select().from(users).where(eq(users.role, 'super_admin'));
  const [credentials] = await db
    .select()
    .from(twoFactorCredentials)
    .where(eq(twoFactorCredentials.userId, admin!.id));
  expect(first.superAdmin.twoFactorSecret).toBe(DEMO_ADMIN_TOTP_SECRET);
  expect(credentials!.secret).not.toContain(DEMO_ADMIN_TOTP_SECRET);
  expect(openSecret(DEVELOPMENT_TOTP_KEY, credentials!.secret!, admin!.id)).toBe(
    DEMO_ADMIN_TOTP_SECRET,
  );
  // The manager and staff sign in with their password alone.
  expect(await db.select().from(twoFactorCredentials)).toHaveLength(1);
});

it("The demo branch is on the Premium plan from before its oldest bill, in India's time zone.", async () => {
  const [branch] = await db.select().from(branches);
  expect(branch).toMatchObject({
    code: DEMO_BRANCH_CODE,
    name: 'Demo Cafe',
    timeZone: 'Asia/Kolkata',
    plan: 'premium',
    subscriptionType: 'yearly',
    // The day before the first of the 60 days of bills, for twelve months, both days included.
    activeDate: '2026-09-23',
    deactiveDate: '2027-09-22',
    numberOfUsers: 10,
    amountPaise: 699_900,
    isActive: true,
    email: 'manager@demo.cafe',
  });
  const [oldest] = await rows<{ day: string }>(
    sql`select to_char(min(${bills.createdAt}) at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as day from ${bills}`,
  );
  expect(branch!.activeDate < oldest!.day).toBe(true);
  const staff = await db.select().from(users).where(eq(users.role, 'staff'));
  expect(staff).toHaveLength(2);
  for (const member of staff) {
    expect(member.branchId).toBe(branch!.id);
    expect([member.activeDate, member.deactiveDate]).toEqual([
      branch!.activeDate,
      branch!.deactiveDate,
    ]);
  }
});

it('The catalogue has about ten tables, thirty products in five subcategories and about twenty-five ingredients.', async () => {
  expect(await countOf(tables)).toBe(10);
  expect(await countOf(products)).toBeGreaterThanOrEqual(25);
  expect(await countOf(products)).toBeLessThanOrEqual(35);
  const subcategories = await db.selectDistinct({ s: products.subcategory }).from(products);
  expect(subcategories).toHaveLength(5);
  expect(await countOf(ingredients)).toBeGreaterThanOrEqual(20);
  expect(await countOf(ingredients)).toBeLessThanOrEqual(32);
  const categories = await db.selectDistinct({ c: ingredients.category }).from(ingredients);
  expect(categories.length).toBeGreaterThanOrEqual(5);
  // Every product has a recipe, every ingredient a vendor.
  const withRecipe = await db
    .selectDistinct({ p: productIngredients.productId })
    .from(productIngredients);
  expect(withRecipe).toHaveLength(await countOf(products));
  expect(await countOf(vendors)).toBe(3);
  expect(await countOf(vendorItems)).toBe(await countOf(ingredients));
});

it('Bills cover the 60 business days up to today, 25 to 45 a day, busiest at lunch and in the evening.', async () => {
  const perDay = await rows<{ day: string; n: number }>(sql`
    select to_char(${bills.createdAt} at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as day,
           count(*)::int as n
    from ${bills} group by 1 order by 1`);
  expect(perDay).toHaveLength(60);
  expect(perDay[0]!.day).toBe(addDays(TODAY, -59));
  expect(perDay.at(-1)!.day).toBe(TODAY);
  for (const { day, n } of perDay.slice(0, -1)) {
    expect(n, day).toBeGreaterThanOrEqual(25);
    expect(n, day).toBeLessThanOrEqual(45);
  }
  // Today stops before now: only the morning so far.
  const [latest] = await rows<{ latest: Date | string }>(
    sql`select max(${bills.createdAt}) as latest from ${bills}`,
  );
  expect(new Date(latest!.latest).getTime()).toBeLessThan(NOW.getTime());

  const perHour = await rows<{ hour: number; n: number }>(sql`
    select extract(hour from ${bills.createdAt} at time zone 'Asia/Kolkata')::int as hour,
           count(*)::int as n
    from ${bills} group by 1 order by 1`);
  const hours = new Map(perHour.map((r) => [r.hour, r.n]));
  expect(Math.min(...hours.keys())).toBeGreaterThanOrEqual(8);
  expect(Math.max(...hours.keys())).toBeLessThanOrEqual(22);
  expect(hours.get(13)!).toBeGreaterThan(hours.get(10)!);
  expect(hours.get(19)!).toBeGreaterThan(hours.get(16)!);
});

it('Every bill is a tax invoice of the demo profile: its subtotal is the sum of its lines, its discount by the rule, its tax and total as computeBill works them out from its lines.', async () => {
  const all = await db.select().from(bills);
  const sums = await db
    .select({
      billId: billLines.billId,
      lines: count(),
      subtotal: sql<number>`sum(${billLines.lineTotalPaise})::int`,
      recomputed: sql<number>`sum(${billLines.unitPricePaise} * ${billLines.quantity})::int`,
    })
    .from(billLines)
    .groupBy(billLines.billId);
  const byBill = new Map(sums.map((s) => [s.billId, s]));
  expect(all.length).toBeGreaterThan(1500);
  for (const bill of all) {
    const lines = byBill.get(bill.id);
    expect(lines, bill.id).toBeDefined();
    expect(lines!.lines).toBeGreaterThanOrEqual(1);
    expect(lines!.lines).toBeLessThanOrEqual(5);
    expect(lines!.subtotal).toBe(bill.subtotalPaise);
    expect(lines!.recomputed).toBe(bill.subtotalPaise);
    expect(bill.discountPaise).toBe(discountPaise(bill.subtotalPaise, bill.discountBps));
    expect(bill.taxRegime).toBe('regular');
    // Exclusive prices at 5 %: taxable = net, total = net + tax + round-off, to the rupee.
    expect(bill.taxablePaise).toBe(bill.subtotalPaise - bill.discountPaise);
    expect(bill.totalPaise).toBe(bill.taxablePaise! + bill.taxPaise! + bill.roundOffPaise!);
    expect(bill.cgstPaise).toBe(bill.sgstPaise);
    expect(bill.totalPaise % 100).toBe(0);
  }
  const discounted = all.filter((b) => b.discountBps > 0);
  expect(new Set(discounted.map((b) => b.discountBps))).toEqual(new Set([500, 1000]));
  expect(discounted.length / all.length).toBeGreaterThan(0.02);
  expect(discounted.length / all.length).toBeLessThan(0.15);
});

it('Every demo bill has its history: how it was billed, and for a due settled later its change to Settled.', async () => {
  const all = await db.select().from(bills);
  const trail = await db
    .select({ action: auditLog.action, entityId: auditLog.entityId, data: auditLog.data })
    .from(auditLog)
    .where(eq(auditLog.entity, 'bill'))
    .orderBy(auditLog.createdAt);
  const byBill = new Map<string, { action: string; data: unknown }[]>();
  for (const { entityId, action, data } of trail) {
    byBill.set(entityId!, [...(byBill.get(entityId!) ?? []), { action, data }]);
  }
  let settledLater = 0;
  for (const bill of all) {
    const history = byBill.get(bill.id) ?? [];
    if (bill.responsible && bill.status === 'Settled') {
      settledLater += 1;
      expect(history.map((h) => h.action)).toEqual(['bill.due', 'bill.status_change']);
      expect(history[1]!.data).toMatchObject({
        from: { status: 'Due', method: 'Due' },
        to: { status: 'Settled', method: bill.method },
      });
    } else {
      expect(history).toEqual([
        {
          action: bill.status === 'Due' ? 'bill.due' : 'bill.settle',
          data: expect.objectContaining({ status: bill.status, method: bill.method }),
        },
      ]);
    }
  }
  expect(settledLater).toBeGreaterThan(0);
});

it("The items' totals per day add up the demo's bill lines.", async () => {
  const [branch] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.code, DEMO_BRANCH_CODE));
  expect(await dailyTotalsMismatches(db, branch!.id)).toEqual([]);
  const [kept] = await db.select({ n: count() }).from(dailyItemSales);
  expect(kept!.n).toBeGreaterThan(0);
});

it('Bills carry what waiters choose: variants named on their lines, add-ons priced into them, a few notes.', async () => {
  const [choices] = await db
    .select({
      variants: sql<number>`count(*) filter (where ${billLines.variantId} is not null)::int`,
      named: sql<number>`count(*) filter (where ${billLines.name} like '% (' || ${billLines.variantName} || ')')::int`,
      withAddons: sql<number>`count(*) filter (where jsonb_array_length(${billLines.addons}) > 0)::int`,
      notes: sql<number>`count(*) filter (where ${billLines.note} <> '')::int`,
    })
    .from(billLines);
  expect(choices!.variants).toBeGreaterThan(50);
  expect(choices!.named).toBe(choices!.variants);
  expect(choices!.withAddons).toBeGreaterThan(100);
  expect(choices!.notes).toBeGreaterThan(20);
  const [addonSales] = await db.select({ n: count() }).from(dailyAddonSales);
  expect(addonSales!.n).toBeGreaterThan(0);
});

it('Most bills are settled by cash, card or UPI, and a few percent are dues with a responsible name, some settled later.', async () => {
  const all = await db.select().from(bills);
  const open = all.filter((b) => b.status === 'Due');
  const settledLater = all.filter(
    (b) => b.status === 'Settled' && b.settledAt && b.settledAt.getTime() > b.createdAt.getTime(),
  );
  expect(open.length).toBeGreaterThan(0);
  expect(settledLater.length).toBeGreaterThan(0);
  expect((open.length + settledLater.length) / all.length).toBeLessThan(0.08);
  for (const due of open) {
    expect(due.method).toBe('Due');
    expect(due.responsible?.trim()).toBeTruthy();
    expect(due.settledAt).toBeNull();
  }
  for (const later of settledLater) expect(later.responsible?.trim()).toBeTruthy();
  const methods = new Set(all.filter((b) => b.status === 'Settled').map((b) => b.method));
  expect(methods).toEqual(new Set(['Cash', 'Card', 'UPI']));
});

it('Each ingredient quantity is the sum of its movements, and stock stays plausible.', async () => {
  const items = await db.select().from(ingredients);
  const movements = await db
    .select()
    .from(inventoryMovements)
    .orderBy(inventoryMovements.createdAt, inventoryMovements.id);
  for (const item of items) {
    const own = movements.filter((m) => m.ingredientId === item.id);
    expect(own[0]?.action, item.name).toBe('add_inventory');
    expect(
      own.reduce((sum, m) => sum + m.quantityDelta, 0),
      item.name,
    ).toBe(item.quantity);
    expect(own.at(-1)!.quantityAfter, item.name).toBe(item.quantity);
    expect(item.quantity, item.name).toBeGreaterThan(0);
    let running = 0;
    for (const m of own) {
      running += m.quantityDelta;
      expect(m.quantityAfter, `${item.name} at ${m.createdAt.toISOString()}`).toBe(running);
    }
    // At most one sale movement per ingredient per day.
    const saleDays = own
      .filter((m) => m.action === 'sale')
      .map((m) => businessDate(m.createdAt, 'Asia/Kolkata'));
    expect(new Set(saleDays).size).toBe(saleDays.length);
  }
  // A couple of items end below their threshold, so low-stock alerts show something.
  const low = items.filter((i) => i.quantity < i.lowStockThreshold);
  expect(low.length).toBeGreaterThanOrEqual(1);
  expect(low.length).toBeLessThanOrEqual(4);
});

it("Each day's sale movements take out what inventory's recipe rule (sale_ingredients) says that day's bill lines used.", async () => {
  const [branch] = await db.select({ id: branches.id }).from(branches);
  // The rule asked here of the lines as stored, a day's lines in one call, as a payment asks it.
  const compared = await rows<{ day: string; ruled: number | null; sold: number | null }>(sql`
    with ruled as (
      select d.business_date as day, u.ingredient_id, u.used
      from (select business_date, json_agg(l) as lines from ${billLines} l group by 1) d
      cross join lateral sale_ingredients(${branch!.id}::uuid, d.lines) u
    ), sold as (
      select (created_at at time zone 'Asia/Kolkata')::date as day, ingredient_id,
        -quantity_delta as used
      from ${inventoryMovements} where action = 'sale'
    )
    select coalesce(r.day, s.day)::text as day, r.used::int as ruled, s.used as sold
    from ruled r full join sold s on s.day = r.day and s.ingredient_id = r.ingredient_id`);
  expect(compared.filter((c) => c.ruled !== c.sold)).toEqual([]);
  expect(new Set(compared.map((c) => c.day)).size).toBe(60);
  // Variants with recipes of their own and add-ons with recipes are among what was sold.
  const [own] = await rows<{ variants: number; addons: number }>(sql`
    select count(*) filter (where l.variant_id in (select choice_id from choice_ingredients))::int
        as variants,
      count(*) filter (where exists (select 1 from jsonb_array_elements(l.addons) a
        where (a->>'id')::uuid in (select choice_id from choice_ingredients)))::int as addons
    from ${billLines} l`);
  expect(own!.variants).toBeGreaterThan(0);
  expect(own!.addons).toBeGreaterThan(0);
});

it('Stock purchases each have an add-stock movement, and vendors are paid all but the latest deliveries.', async () => {
  const purchases = await db.select().from(stockPurchases);
  expect(purchases.length).toBeGreaterThan(50);
  const added = await db
    .select()
    .from(inventoryMovements)
    .where(eq(inventoryMovements.action, 'add_stock'));
  expect(new Set(added.map((m) => m.stockPurchaseId))).toEqual(new Set(purchases.map((p) => p.id)));
  for (const p of purchases) {
    expect(p.invoiceDate >= addDays(TODAY, -59) && p.invoiceDate <= TODAY).toBe(true);
  }
  const payments = await db.select().from(vendorPayments);
  expect(payments.length).toBeGreaterThan(5);
  for (const vendor of await db.select().from(vendors)) {
    const bought = purchases
      .filter((p) => p.vendorId === vendor.id)
      .reduce((s, p) => s + p.pricePaise, 0);
    const paid = payments
      .filter((p) => p.vendorId === vendor.id)
      .reduce((s, p) => s + p.amountPaise, 0);
    expect(paid, vendor.name).toBeGreaterThan(0);
    expect(paid, vendor.name).toBeLessThan(bought);
  }
});

it('A few tables have an order in progress, so the billing screen has something to pay.', async () => {
  const open = await db.selectDistinct({ t: orderLines.tableId }).from(orderLines);
  expect(open.length).toBeGreaterThanOrEqual(2);
});

it('The tables are in sections (Ground floor, Terrace, Counter), the drinks go to the Bar, and the kitchen display has its account.', async () => {
  const sections = await db
    .select({ id: tableSections.id, name: tableSections.name })
    .from(tableSections)
    .orderBy(tableSections.position);
  expect(sections.map((s) => s.name)).toEqual(['Ground floor', 'Terrace', 'Counter']);
  const live = await db.select({ label: tables.label, sectionId: tables.sectionId }).from(tables);
  expect(live.every((t) => t.sectionId !== null)).toBe(true);
  const counter = sections.find((s) => s.name === 'Counter')!;
  expect(live.filter((t) => t.sectionId === counter.id).map((t) => t.label)).toEqual([
    'Counter 1',
    'Counter 2',
  ]);
  const stations = await db
    .select({ id: kitchenStations.id, name: kitchenStations.name })
    .from(kitchenStations)
    .orderBy(kitchenStations.position);
  expect(stations.map((s) => s.name)).toEqual(['Kitchen', 'Bar']);
  const routes = await db.select().from(subcategoryStations);
  expect(routes.map((r) => r.subcategory).sort()).toEqual(['Cold Beverages', 'Hot Beverages']);
  expect(routes.every((r) => r.stationId === stations[1]!.id)).toBe(true);
  const [kitchen] = await db.select().from(users).where(eq(users.email, 'kitchen@demo.cafe'));
  expect(kitchen).toMatchObject({ role: 'kitchen', isActive: true, mustChangePassword: false });
  // Every order in progress was opened by someone.
  const open = await db
    .selectDistinct({ openedBy: tables.openedBy, openedAt: tables.openedAt })
    .from(tables)
    .innerJoin(orderLines, eq(orderLines.tableId, tables.id));
  expect(open.every((t) => t.openedBy !== null && t.openedAt !== null)).toBe(true);
});

it('The same clock always produces the same demo rows, ids included, and the stock the seed wrote.', async () => {
  const hashes = { superAdmin: 'a', manager: 'm', staff: 's', kitchen: 'k' };
  const a = buildDemoRows(NOW, hashes);
  const b = buildDemoRows(NOW, hashes);
  expect(b).toEqual(a);
  expect(a.bills.length).toBeGreaterThan(1500);
  // The stock, from what the (same) bills used as the seeded database's recipe rule says.
  const usage = await salesUsage(db, a.branch.id!, a);
  const stock = buildDemoStock(NOW, a, usage);
  expect(buildDemoStock(NOW, b, usage)).toEqual(stock);
  const written = await db.select({ id: inventoryMovements.id }).from(inventoryMovements);
  expect(new Set(written.map((m) => m.id))).toEqual(
    new Set(stock.inventoryMovements.map((m) => m.id)),
  );
});
