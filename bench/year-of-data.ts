// A year of a busy branch, generated inside the database with set-based SQL (INSERT … SELECT
// over generate_series, every "random" choice a hash of the row's index), for the reports
// benchmark and for looking at the report screens with a year of data behind them.
//
// What it writes for one branch that has no bills yet: 33 tables, 40 products in 6
// subcategories, about 300 bills a day over the 365 business days up to now (opening hours
// 11:00–23:30 in the branch's time zone, lunch and dinner peaks, busier weekends and
// festive months), their lines (about 4 per bill), the money received (some bills split
// between two methods, about 5 % Due, most of them settled days later, some with a part paid
// at once), gapless bill numbers per financial year with the branch's counters, ingredients
// (a few below their low-stock threshold), 4 vendors with a year of deliveries and weekly
// payments (the last two weeks owed) and a few tables with an order in progress.
// GST (docs/gst.md): the branch bills under a regular-regime tax profile (prices without tax,
// round-off on): most dishes at 5 % (SAC 996331), a few goods at 18 %, beer outside GST, and
// about 3 % of the bills to registered buyers (B2B); each bill's and line's discount share,
// taxable value, CGST, SGST and round-off are worked out in SQL exactly as shared/tax.ts
// computeBill does (server/modules/reports/tax.year-of-data.test.ts compares them).
// The same branch and `now` give the same rows on PGlite and PostgreSQL (ids included).
//
// By hand, to look at the screens: `DATA_DIR=/tmp/year npx tsx bench/year-of-data.ts` (or
// DATABASE_URL=…; for PGlite with no server on that folder) migrates that database, adds a
// branch "Year Cafe" with the manager year@demo.cafe / Manager@1234 and fills it; then start the
// server on the same database (SEED_DEMO=false) and sign in.
import { pathToFileURL } from 'node:url';
import { eq, sql, type SQL } from 'drizzle-orm';
import { addDays, businessDate, type IsoDate } from '../shared/dates';
import { gstinCheckCharacter, invoicePrefixFromCode } from '../shared/gst';
import { lineKeyOf } from '../shared/menu';
import { loadConfig } from '../server/config';
import { openServerDatabase } from '../server/db/backup';
import { migrateDatabase, type Db, type Tx } from '../server/db/client';
import { recordGeneratedBills } from '../server/modules/billing/bill-ledger';
import { hashPassword } from '../server/modules/auth/auth.password';
import {
  bills,
  branches,
  ingredients,
  orderLines,
  products,
  tables,
  taxProfiles,
  users,
  vendorItems,
  vendors,
} from '../server/db/schema';

export interface YearOfDataOptions {
  /** The instant the year ends at (bills after it are not made); default: the current time. */
  now?: Date;
  /** Business days of history, today included. */
  days?: number;
  /** Average bills per day (weekdays fewer, weekends more). */
  billsPerDay?: number;
}

export interface YearOfData {
  firstDay: IsoDate;
  lastDay: IsoDate;
  bills: number;
  billLines: number;
  billPayments: number;
  /** Bills still Due at `now`. */
  openDues: number;
  /** Bills that were Due and have been settled later. */
  settledDues: number;
  splitBills: number;
  tables: number;
  products: number;
}

// prettier-ignore
const PRODUCTS: { name: string; subcategory: string; pricePaise: number; weight: number; gstRateBps?: number; hsn?: string; outsideGst?: boolean }[] = [
  { name: 'Masala Chai', subcategory: 'Hot Beverages', pricePaise: 3000, weight: 12 },
  { name: 'Lemon Tea', subcategory: 'Hot Beverages', pricePaise: 3500, weight: 3 },
  { name: 'Filter Coffee', subcategory: 'Hot Beverages', pricePaise: 5000, weight: 9 },
  { name: 'Cappuccino', subcategory: 'Hot Beverages', pricePaise: 12000, weight: 4 },
  { name: 'Cafe Latte', subcategory: 'Hot Beverages', pricePaise: 13000, weight: 3 },
  { name: 'Hot Chocolate', subcategory: 'Hot Beverages', pricePaise: 14000, weight: 2 },
  { name: 'Cold Coffee', subcategory: 'Cold Beverages', pricePaise: 15000, weight: 7 },
  { name: 'Fresh Lime Soda', subcategory: 'Cold Beverages', pricePaise: 8000, weight: 6 },
  { name: 'Mango Lassi', subcategory: 'Cold Beverages', pricePaise: 11000, weight: 5 },
  { name: 'Sweet Lassi', subcategory: 'Cold Beverages', pricePaise: 8000, weight: 3 },
  { name: 'Masala Chaas', subcategory: 'Cold Beverages', pricePaise: 6000, weight: 5 },
  { name: 'Iced Lemon Tea', subcategory: 'Cold Beverages', pricePaise: 11000, weight: 3 },
  { name: 'Mineral Water', subcategory: 'Cold Beverages', pricePaise: 2000, weight: 8, gstRateBps: 1800, hsn: '2201' },
  { name: 'Paneer Tikka', subcategory: 'Starters', pricePaise: 26000, weight: 7 },
  { name: 'Veg Manchurian', subcategory: 'Starters', pricePaise: 22000, weight: 5 },
  { name: 'Chilli Paneer', subcategory: 'Starters', pricePaise: 24000, weight: 5 },
  { name: 'Hara Bhara Kebab', subcategory: 'Starters', pricePaise: 21000, weight: 3 },
  { name: 'Crispy Corn', subcategory: 'Starters', pricePaise: 19000, weight: 4 },
  { name: 'French Fries', subcategory: 'Starters', pricePaise: 13000, weight: 6 },
  { name: 'Masala Papad', subcategory: 'Starters', pricePaise: 6000, weight: 5 },
  { name: 'Paneer Butter Masala', subcategory: 'Main Course', pricePaise: 29000, weight: 9 },
  { name: 'Dal Makhani', subcategory: 'Main Course', pricePaise: 24000, weight: 9 },
  { name: 'Veg Biryani', subcategory: 'Main Course', pricePaise: 27000, weight: 8 },
  { name: 'Kadai Vegetable', subcategory: 'Main Course', pricePaise: 25000, weight: 4 },
  { name: 'Chole Masala', subcategory: 'Main Course', pricePaise: 22000, weight: 5 },
  { name: 'Jeera Rice', subcategory: 'Main Course', pricePaise: 16000, weight: 6 },
  { name: 'Veg Pulao', subcategory: 'Main Course', pricePaise: 19000, weight: 4 },
  { name: 'Malai Kofta', subcategory: 'Main Course', pricePaise: 28000, weight: 3 },
  { name: 'Butter Naan', subcategory: 'Breads', pricePaise: 6000, weight: 14 },
  { name: 'Tandoori Roti', subcategory: 'Breads', pricePaise: 3500, weight: 10 },
  { name: 'Garlic Naan', subcategory: 'Breads', pricePaise: 7500, weight: 7 },
  { name: 'Laccha Paratha', subcategory: 'Breads', pricePaise: 7000, weight: 5 },
  { name: 'Missi Roti', subcategory: 'Breads', pricePaise: 5000, weight: 2 },
  { name: 'Gulab Jamun (2 pcs)', subcategory: 'Desserts', pricePaise: 9000, weight: 5 },
  { name: 'Rasmalai', subcategory: 'Desserts', pricePaise: 12000, weight: 3 },
  { name: 'Brownie with Ice Cream', subcategory: 'Desserts', pricePaise: 19000, weight: 3 },
  { name: 'Kesar Kulfi', subcategory: 'Desserts', pricePaise: 10000, weight: 3 },
  { name: 'Gajar Halwa', subcategory: 'Desserts', pricePaise: 12000, weight: 2 },
  { name: 'Vanilla Ice Cream', subcategory: 'Desserts', pricePaise: 9000, weight: 2, gstRateBps: 1800, hsn: '2105' },
  { name: 'Chocolate Sundae', subcategory: 'Desserts', pricePaise: 16000, weight: 2, gstRateBps: 1800, hsn: '2105' },
  { name: 'Kingfisher Beer (650 ml)', subcategory: 'Bar', pricePaise: 35000, weight: 3, outsideGst: true, hsn: '2203' },
];

const TABLE_LABELS = [
  ...Array.from({ length: 20 }, (_, i) => `T${i + 1}`),
  ...Array.from({ length: 4 }, (_, i) => `Family ${i + 1}`),
  ...Array.from({ length: 6 }, (_, i) => `Terrace ${i + 1}`),
  'Counter 1',
  'Counter 2',
  'Takeaway',
];
/** Share of bills paid at the counters and for takeaway (the last 3 labels). */
const COUNTER_SHARE = 0.2;

/** Customers per half hour from 11:00 (the last slot is 23:00–23:30): lunch and dinner peaks. */
// prettier-ignore
const HALF_HOUR_WEIGHTS = [2, 3, 5, 8, 10, 10, 8, 6, 4, 3, 3, 3, 3, 4, 4, 5, 7, 9, 11, 11, 10, 8, 6, 4, 2];
const OPENING_MINUTE = 11 * 60;
/** Sunday first, as extract(dow) counts. */
const WEEKDAY_FACTOR = [1.15, 0.9, 0.9, 0.9, 0.9, 1.05, 1.2];
/** January first: monsoon months quieter, festive months and December busier. */
const MONTH_FACTOR = [1.0, 0.95, 1.0, 0.95, 0.9, 0.95, 0.9, 0.95, 1.0, 1.05, 1.1, 1.2];

const PAY_METHODS = [
  ['UPI', 48],
  ['Cash', 30],
  ['Card', 22],
] as const;
const SETTLE_METHODS = [
  ['UPI', 50],
  ['Cash', 35],
  ['Card', 10],
  ['Other', 5],
] as const;
const DUE_SHARE = 0.05;
/** Of the dues: settled later (when that day has come), and paid in part at once. */
const DUE_SETTLED_SHARE = 0.8;
const DUE_PART_PAID_SHARE = 0.35;
const SPLIT_SHARE = 0.08;
const DISCOUNT_SHARE = 0.07;
/** Bills to a registered buyer (their GSTIN on the bill). */
const B2B_SHARE = 0.03;
/** Registered buyers: name and GSTIN without its check character (added by gstinCheckCharacter). */
const BUYERS = [
  ['Infosys Cafeteria Services', '29AABCI1234K1Z'],
  ['Bengaluru Events Pvt Ltd', '29AACCB5678L1Z'],
  ['Sharma Travels', '29ABDPS4321M1Z'],
].map(([name, first14]) => ({ name: name!, gstin: first14! + gstinCheckCharacter(first14!) }));
const DUE_NAMES = [
  'Rohit Mehta',
  'Sharma ji (office, 3rd floor)',
  'Neha Joshi',
  'Vikram Rao',
  'Anil (regular)',
  'Kavya Iyer',
  'Suresh (driver)',
  'Meera Nair',
];
/** How often a bill draws 1, 2, … 8 products (a repeat adds to its line's quantity): ≈4 lines. */
const DRAW_WEIGHTS = [7, 13, 17, 18, 16, 12, 10, 7];

// prettier-ignore
const VENDORS = [
  { name: 'Krishna Dairy Suppliers', contactNo: '+91 98450 12345', address: '14, 3rd Cross, Ejipura Main Road, Bengaluru 560047' },
  { name: 'Fresh Basket Vegetables', contactNo: '+91 99001 23456', address: 'Shop 42, KR Market, Bengaluru 560002' },
  { name: 'Shree Ganesh Traders', contactNo: '+91 80 2345 6789', address: '7, Chickpet Main Road, Bengaluru 560053' },
  { name: 'Annapurna Bakery Supplies', contactNo: '+91 97400 56789', address: '88, Infantry Road, Bengaluru 560001' },
];

/** name, category, unit, vendor index, pack quantity, pack price, delivered every n days,
 *  quantity in stock now, low-stock threshold. */
// prettier-ignore
const INGREDIENTS: [string, string, 'g' | 'ml' | 'pcs', number, number, number, number, number, number][] = [
  ['Milk', 'Dairy', 'ml', 0, 10000, 56000, 1, 18000, 10000],
  ['Paneer', 'Dairy', 'g', 0, 5000, 210000, 2, 2500, 4000],
  ['Curd', 'Dairy', 'g', 0, 5000, 40000, 2, 7000, 3000],
  ['Butter', 'Dairy', 'g', 0, 2000, 114000, 4, 3500, 1500],
  ['Cream', 'Dairy', 'ml', 0, 1000, 22000, 3, 1800, 1000],
  ['Vanilla Ice Cream', 'Dairy', 'ml', 0, 4000, 70000, 5, 6000, 3000],
  ['Potatoes', 'Vegetables', 'g', 1, 10000, 35000, 2, 16000, 8000],
  ['Onions', 'Vegetables', 'g', 1, 10000, 40000, 2, 4000, 8000],
  ['Tomatoes', 'Vegetables', 'g', 1, 5000, 15000, 1, 7000, 4000],
  ['Capsicum', 'Vegetables', 'g', 1, 2000, 16000, 2, 2600, 1500],
  ['Coriander', 'Vegetables', 'g', 1, 500, 4000, 1, 700, 300],
  ['Lemons', 'Vegetables', 'pcs', 1, 100, 30000, 3, 90, 40],
  ['Basmati Rice', 'Grocery', 'g', 2, 25000, 275000, 10, 30000, 10000],
  ['Atta', 'Grocery', 'g', 2, 25000, 95000, 7, 20000, 10000],
  ['Maida', 'Grocery', 'g', 2, 25000, 85000, 7, 6000, 8000],
  ['Toor Dal', 'Grocery', 'g', 2, 10000, 140000, 10, 12000, 4000],
  ['Cooking Oil', 'Grocery', 'ml', 2, 15000, 255000, 7, 20000, 8000],
  ['Sugar', 'Grocery', 'g', 2, 10000, 48000, 7, 14000, 4000],
  ['Tea Leaves', 'Grocery', 'g', 2, 1000, 48000, 10, 1500, 500],
  ['Coffee Powder', 'Grocery', 'g', 2, 1000, 90000, 10, 1200, 500],
  ['Garam Masala', 'Grocery', 'g', 2, 500, 35000, 14, 800, 200],
  ['Bread Loaves', 'Bakery', 'pcs', 3, 20, 80000, 2, 14, 10],
  ['Brownies', 'Bakery', 'pcs', 3, 24, 108000, 3, 30, 12],
  ['Mineral Water', 'Bakery', 'pcs', 3, 48, 96000, 4, 20, 48],
];

/** A deterministic number in [0, 1) from a bigint SQL expression and a salt. */
const u = (key: string, salt: number) =>
  `((hashint8extended((${key})::bigint, ${salt}) & 16777215)::float8 / 16777216)`;

/** The 1-based index chosen by `uniform` from relative weights. */
const pick = (uniform: string, weights: readonly number[]) => {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let running = 0;
  const lows = weights.map((w) => {
    const low = running / total;
    running += w;
    return low;
  });
  return `width_bucket(${uniform}, array[${lows.join(',')}]::float8[])`;
};

/** A UUID v7 of the instant `at` whose random bits are md5 of `key` (so the same row, the same
 *  id on every run and engine). */
const uuidV7 = (at: string, key: string) =>
  `(lpad(to_hex(floor(extract(epoch from ${at}) * 1000)::bigint), 12, '0') || '7' || ` +
  `overlay(substr(md5(${key}), 1, 19) placing '8' from 4 for 1))::uuid`;

/** A text array literal for SQL, each element quoted. */
const textArray = (items: readonly string[]) =>
  `array[${items.map((item) => `'${item.replace(/'/g, "''")}'`).join(',')}]::text[]`;

const raw = (text: string): SQL => sql.raw(text);

const methods = textArray(PAY_METHODS.map(([method]) => method));
/** A bill's method at the till, and the other method of a split (never the same one). */
const firstMethod = `(${methods})[b.method1]`;
const secondMethod = `(${methods})[(b.method1 + b.method2 - 1) % ${PAY_METHODS.length} + 1]`;
/** The first part of a split, or what was paid at once of a due: between 1 paisa and total − 1. */
const part = (total: string) =>
  `greatest(1, least(${total} - 1, round(${total} * b.part_share)::int))`;

async function count(tx: Tx, query: SQL): Promise<number> {
  const result = await tx.execute<{ n: number }>(query);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

/**
 * Fills a branch without bills with a year of data (see the top of this file), in one
 * transaction. The branch's users (manager and staff) are
 * the cashiers; it must have at least one.
 */
export async function generateYearOfData(
  db: Db,
  branchId: string,
  options: YearOfDataOptions = {},
): Promise<YearOfData> {
  const now = options.now ?? new Date();
  const days = options.days ?? 365;
  const perDay = options.billsPerDay ?? 300;

  const result = await db.transaction(async (tx) => {
    // A bulk load as pg_restore --disable-triggers does it: without the row-by-row foreign-key
    // and copy triggers (most of the time on PGlite), checked set-based before the commit.
    // CHECK and unique constraints stay on. Only a superuser may; otherwise the triggers run.
    const bulk = await count(tx, sql`select (current_setting('is_superuser') = 'on')::int as n`);
    if (bulk) await tx.execute(sql`set local session_replication_role = replica`);
    const [branch] = await tx
      .select({ code: branches.code, timeZone: branches.timeZone })
      .from(branches)
      .where(eq(branches.id, branchId));
    if (!branch) throw new Error(`no branch ${branchId}`);
    const staff = await tx
      .select({ id: users.id, name: users.name, role: users.role })
      .from(users)
      .where(eq(users.branchId, branchId))
      .orderBy(users.id);
    const manager = staff.find((user) => user.role === 'branch_manager') ?? staff[0];
    if (!manager) throw new Error('the branch has no users to be its cashiers');
    if (await tx.$count(bills, eq(bills.branchId, branchId))) {
      throw new Error('the branch already has bills: a year of data goes into a fresh branch');
    }
    const lastDay = businessDate(now, branch.timeZone);
    const firstDay = addDays(lastDay, -(days - 1));
    const zone = branch.timeZone;
    const setUp = sql`((${firstDay}::date - 1)::timestamp + interval '10 hours') at time zone ${zone}`;
    const cashiers = `(${textArray(staff.map((user) => user.id))})`;

    // --- catalogue -------------------------------------------------------------------------
    const tableRows = await tx
      .insert(tables)
      .values(TABLE_LABELS.map((label) => ({ branchId, label })))
      .returning({ id: tables.id, label: tables.label });
    const productRows = await tx
      .insert(products)
      .values(PRODUCTS.map(({ weight: _, ...product }) => ({ branchId, ...product })))
      .returning({ id: products.id, name: products.name });
    // A registered restaurant (regular regime): prices without tax, round-off on.
    const prefix = invoicePrefixFromCode(branch.code);
    const [profile] = await tx
      .insert(taxProfiles)
      .values({
        branchId,
        tradeName: 'Year Cafe',
        legalName: 'Year Cafe Hospitality LLP',
        address: '12, 100 Feet Road, Indiranagar, Bengaluru 560038',
        gstin: '29AAJFY1234Q1Z' + gstinCheckCharacter('29AAJFY1234Q1Z'),
        regime: 'regular',
        pricesIncludeTax: false,
        roundOff: true,
        serviceChargeBps: 0,
        invoicePrefix: prefix,
        createdBy: manager.id,
      })
      .returning({ id: taxProfiles.id });
    await tx.execute(
      sql`update tax_profiles set created_at = ${setUp} where branch_id = ${branchId} and id = ${profile!.id}`,
    );
    await tx.execute(sql`update tables set created_at = ${setUp} where branch_id = ${branchId}`);
    await tx.execute(
      sql`update products set created_at = ${setUp}, updated_at = ${setUp} where branch_id = ${branchId}`,
    );
    // Their positions (1-based) are what the weighted choices below pick.
    await tx.execute(sql`create temp table gen_products on commit drop as
      select x.idx, p.id, p.name, p.subcategory, p.price_paise, p.gst_rate_bps, p.hsn,
        p.outside_gst
      from jsonb_to_recordset(${JSON.stringify(productRows.map((row, i) => ({ idx: i + 1, id: row.id })))}::jsonb)
        as x(idx int, id uuid)
      join products p on p.branch_id = ${branchId} and p.id = x.id`);
    await tx.execute(sql`create temp table gen_tables on commit drop as
      select x.idx, x.id, x.label
      from jsonb_to_recordset(${JSON.stringify(tableRows.map((row, i) => ({ idx: i + 1, ...row })))}::jsonb)
        as x(idx int, id uuid, label text)`);

    // --- bills: how many a day, then when, where, who and how each was paid ----------------
    const dining = TABLE_LABELS.length - 3;
    await tx.execute(sql`create temp table gen_days on commit drop as
      select d, ${firstDay}::date + d as day,
        greatest(1, round(${perDay}
          * (${raw(`array[${WEEKDAY_FACTOR.join(',')}]`)})[extract(dow from ${firstDay}::date + d)::int + 1]
          * (${raw(`array[${MONTH_FACTOR.join(',')}]`)})[extract(month from ${firstDay}::date + d)::int]
          * (0.85 + 0.3 * ${raw(u('d', 1))})))::int as n
      from generate_series(0, ${days - 1}) d`);
    await tx.execute(sql`create temp table gen_bills on commit drop as
      select b.*,
        row_number() over (partition by fy_start order by created_at, key)::int as serial
      from (
        select k.*,
          case when extract(month from day) >= 4 then extract(year from day)::int
            else extract(year from day)::int - 1 end as fy_start,
          ${raw(uuidV7('created_at', "'bill' || key"))} as id,
          case when due and ${raw(u('key', 6))} < ${DUE_SETTLED_SHARE}
              and settle_at <= ${now} then settle_at end as settled_later_at
        from (
          select key, day, created_at, table_idx, cashier, discount_bps, due, split, part_share,
            part_paid, method1, method2, settle_method, responsible, draws, buyer,
            ((day + 1 + floor(${raw(u('key', 12))} * 10)::int)::timestamp
              + (${OPENING_MINUTE} + floor(${raw(u('key', 13))} * 750)) * interval '1 minute')
              at time zone ${zone} as settle_at
          from (
            select key, day,
              (day::timestamp + (${OPENING_MINUTE}
                + 30 * (${raw(pick(u('key', 2), HALF_HOUR_WEIGHTS))} - 1)
                + floor(${raw(u('key', 3))} * 30)) * interval '1 minute'
                + floor(${raw(u('key', 4))} * 60) * interval '1 second') at time zone ${zone}
                as created_at,
              case when ${raw(u('key', 14))} < ${COUNTER_SHARE}
                then ${dining + 1} + floor(${raw(u('key', 15))} * 3)::int
                else 1 + floor(${raw(u('key', 16))} * ${dining})::int end as table_idx,
              (${raw(cashiers)})[1 + floor(${raw(u('key', 17))} * ${staff.length})::int]::uuid
                as cashier,
              case when ${raw(u('key', 18))} < ${DISCOUNT_SHARE}
                then case when ${raw(u('key', 19))} < 0.6 then 500 else 1000 end
                else 0 end as discount_bps,
              ${raw(u('key', 5))} < ${DUE_SHARE} as due,
              ${raw(u('key', 5))} >= ${DUE_SHARE} and ${raw(u('key', 8))} < ${SPLIT_SHARE} as split,
              0.3 + 0.4 * ${raw(u('key', 10))} as part_share,
              ${raw(u('key', 7))} < ${DUE_PART_PAID_SHARE} as part_paid,
              ${raw(
                pick(
                  u('key', 9),
                  PAY_METHODS.map(([, w]) => w),
                ),
              )} as method1,
              ${raw(pick(u('key', 11), [1, 1]))} as method2,
              (${raw(textArray(SETTLE_METHODS.map(([m]) => m)))})[${raw(
                pick(
                  u('key', 20),
                  SETTLE_METHODS.map(([, w]) => w),
                ),
              )}]
                as settle_method,
              (${raw(textArray(DUE_NAMES))})[1 + floor(${raw(u('key', 21))} * ${DUE_NAMES.length})::int]
                as responsible,
              ${raw(pick(u('key', 22), DRAW_WEIGHTS))} as draws,
              case when ${raw(u('key', 25))} < ${B2B_SHARE}
                then 1 + floor(${raw(u('key', 26))} * ${BUYERS.length})::int end as buyer
            from (select g.d * 1000 + k as key, g.day from gen_days g,
              generate_series(1, g.n) k) s
          ) t
        ) k
        where created_at <= ${now}
      ) b`);
    await tx.execute(sql`alter table gen_bills add column financial_year text`);
    await tx.execute(sql`update gen_bills set financial_year =
      fy_start || '-' || lpad(((fy_start + 1) % 100)::text, 2, '0')`);
    await tx.execute(sql`create unique index on gen_bills (key)`);

    // Lines: `draws` products by popularity; a product drawn again adds to its line.
    await tx.execute(sql`create temp table gen_lines on commit drop as
      select key, product_idx, sum(quantity)::int as quantity, min(draw) as draw
      from (
        select b.key, j as draw,
          ${raw(
            pick(
              u('b.key * 16 + j', 23),
              PRODUCTS.map((p) => p.weight),
            ),
          )} as product_idx,
          ${raw(pick(u('b.key * 16 + j', 24), [75, 20, 5]))} as quantity
        from gen_bills b, generate_series(1, b.draws) j
      ) x group by key, product_idx`);

    // Each line's discount share, taxable value and tax halves, as shared/tax.ts computeBill
    // works them out (lines in the order of their ids, as a bill's lines are read; exclusive
    // prices; the regular regime): the discount
    // spread over the lines by amount, then per rate group half = round(net × rate / 20000)
    // spread over the group's lines by net, each split by the largest remainder (ties to the
    // earlier line).
    await tx.execute(sql`create temp table gen_line_tax on commit drop as
      with a as (
        select l.key, l.product_idx, l.draw, (p.price_paise * l.quantity)::bigint as amount,
          p.gst_rate_bps as rate, p.outside_gst as outside, b.discount_bps,
          sum((p.price_paise * l.quantity)::bigint) over (partition by l.key)::bigint as subtotal,
          row_number() over (partition by l.key
            order by ${raw(uuidV7('b.created_at', "'line' || (l.key * 64 + l.product_idx)"))}) as idx
        from gen_lines l join gen_products p on p.idx = l.product_idx
        join gen_bills b on b.key = l.key
      ), d as (
        select a.*, x.dtotal, x.dtotal * a.amount / a.subtotal as dshare,
          x.dtotal * a.amount % a.subtotal as drem
        from a, lateral (select (a.subtotal * a.discount_bps * 2 + 10000) / 20000 as dtotal) x
      ), n as (
        select d.*, d.dshare + (row_number() over (partition by d.key order by d.drem desc, d.idx)
          <= d.dtotal - (sum(d.dshare) over (partition by d.key))::bigint)::int as discount
        from d
      ), g as (
        select n.*, n.amount - n.discount as net,
          (sum(n.amount - n.discount) over (partition by n.key, n.outside, n.rate))::bigint as gnet
        from n
      ), h as (
        select g.*, x.ghalf, x.ghalf * g.net / g.gnet as hshare, x.ghalf * g.net % g.gnet as hrem
        from g, lateral (select case when g.outside then 0
          else (g.gnet * g.rate * 2 + 20000) / 40000 end as ghalf) x
      )
      select h.key, h.product_idx, h.discount::int as discount, h.net,
        case when h.outside then 0 else h.net end as taxable,
        case when h.outside then null else h.rate end as rate, h.outside,
        (h.hshare + (row_number() over (partition by h.key, h.outside, h.rate
          order by h.hrem desc, h.idx) <= h.ghalf - (sum(h.hshare) over (partition by h.key,
          h.outside, h.rate))::bigint)::int)::int as half
      from h`);
    await tx.execute(sql`create unique index on gen_line_tax (key, product_idx)`);

    // Each bill's subtotal, discount, tax and round-off (to the rupee, 50 paise up), total and
    // the part of a split or of a due paid at once.
    await tx.execute(sql`create temp table gen_totals on commit drop as
      select b.key, s.subtotal, s.discount, s.taxable, s.non_gst, s.half, r.round_off,
        s.pre + r.round_off as total, p.part
      from gen_bills b
      join (
        select l.key, sum(p.price_paise * l.quantity)::int as subtotal,
          sum(t.discount)::int as discount, sum(t.taxable)::int as taxable,
          (sum(t.net) filter (where t.outside))::int as non_gst0, sum(t.half)::int as half
        from gen_lines l join gen_products p on p.idx = l.product_idx
        join gen_line_tax t on t.key = l.key and t.product_idx = l.product_idx
        group by l.key
      ) s0 on s0.key = b.key,
      lateral (select s0.subtotal, s0.discount, s0.taxable, coalesce(s0.non_gst0, 0) as non_gst,
        s0.half, s0.taxable + coalesce(s0.non_gst0, 0) + 2 * s0.half as pre) s,
      lateral (select case when s.pre % 100 = 0 then 0 when s.pre % 100 >= 50
        then 100 - s.pre % 100 else -(s.pre % 100) end as round_off) r,
      lateral (select ${raw(part('(s.pre + r.round_off)'))} as part) p`);

    // Money received: the whole amount; or a split in two methods; or for a due, a part at
    // once and/or the rest when it was settled.
    await tx.execute(sql`create temp table gen_payments on commit drop as
      select b.key, x.row, b.id as bill_id, x.method::payment_method as method, x.amount,
        x.received_at, x.received_by
      from gen_bills b
      join gen_totals s on s.key = b.key,
      lateral (values
        (1, ${raw(firstMethod)},
          case when b.due then (case when b.part_paid then s.part else 0 end)
            when b.split then s.part else s.total end,
          b.created_at, b.cashier),
        (2, ${raw(secondMethod)},
          case when b.split then s.total - s.part else 0 end, b.created_at, b.cashier),
        (3, b.settle_method,
          case when b.settled_later_at is not null
            then s.total - (case when b.part_paid then s.part else 0 end) else 0 end,
          b.settled_later_at, ${manager.id}::uuid)
      ) as x(row, method, amount, received_at, received_by)
      where x.amount > 0`);

    // The bills in time order, as a real branch writes them, with the money received for each
    // per method; then their lines and payments: written by billing's ledger, which adds them
    // to the per-day totals and sets the bill counters.
    await recordGeneratedBills(tx, branchId, {
      bills: sql`select ${branchId}, b.id, t.id, t.label, v.number, b.financial_year, b.day, s.subtotal,
        b.discount_bps, s.discount, s.total, v.method, v.status, v.responsible,
        'year-' || b.id, b.cashier, b.created_at,
        extract(hour from b.created_at at time zone ${zone}),
        bill_search_text(v.number, t.label, v.method::text, v.status::text, v.responsible),
        coalesce(m.cash, 0), coalesce(m.card, 0), coalesce(m.upi, 0), coalesce(m.other, 0),
        case when not b.due then b.created_at else b.settled_later_at end,
        case when not b.due then b.cashier when b.settled_later_at is not null then ${manager.id}::uuid end,
        ${profile!.id}::uuid, 'regular', false, s.taxable, s.non_gst, 0, 0, null, 0, s.half,
        s.half, 2 * s.half, s.round_off, (${raw(textArray(BUYERS.map((x) => x.name)))})[b.buyer],
        (${raw(textArray(BUYERS.map((x) => x.gstin)))})[b.buyer],
        case when b.buyer is not null then 'Bengaluru, Karnataka' end
      from gen_bills b
      join gen_tables t on t.idx = b.table_idx
      join gen_totals s on s.key = b.key
      left join (
        select key,
          sum(amount) filter (where method = 'Cash') as cash,
          sum(amount) filter (where method = 'Card') as card,
          sum(amount) filter (where method = 'UPI') as upi,
          sum(amount) filter (where method = 'Other') as other
        from gen_payments group by key
      ) m on m.key = b.key,
      lateral (select
        format_bill_number(${prefix}, b.financial_year, b.serial) as number,
        (case
          when b.due and b.settled_later_at is null then 'Due'
          when b.due then b.settle_method
          when b.split and s.total - s.part > s.part then ${raw(secondMethod)}
          else ${raw(firstMethod)} end)::payment_method as method,
        (case when b.due and b.settled_later_at is null then 'Due' else 'Settled' end)::payment_status
          as status,
        case when b.due then b.responsible end as responsible) v
      order by b.created_at`,
      lines: sql`select ${branchId}, ${raw(uuidV7('b.created_at', "'line' || (l.key * 64 + l.product_idx)"))},
        b.id, p.id, p.name, p.subcategory, p.price_paise, l.quantity, p.price_paise * l.quantity,
        b.day, p.hsn, t.rate, t.outside, t.discount, t.taxable, t.half, t.half
      from gen_lines l join gen_bills b on b.key = l.key join gen_products p on p.idx = l.product_idx
      join gen_line_tax t on t.key = l.key and t.product_idx = l.product_idx
      order by b.created_at, l.draw`,
      payments: sql`select ${branchId}, ${raw(uuidV7('received_at', "'pay' || (key * 4 + row)"))}, bill_id,
        method, amount, received_at, received_by
      from gen_payments
      order by received_at, key, row`,
    });

    await insertStock(tx, { branchId, firstDay, days, now, zone, manager });

    // --- a few tables with an order in progress ------------------------------------------------
    const byName = new Map(productRows.map((row) => [row.name, row.id]));
    const byLabel = new Map(tableRows.map((row) => [row.label, row.id]));
    const open: [string, [string, number][]][] = [
      [
        'T4',
        [
          ['Paneer Tikka', 1],
          ['Butter Naan', 4],
          ['Dal Makhani', 1],
          ['Mineral Water', 2],
        ],
      ],
      [
        'T11',
        [
          ['Masala Chai', 3],
          ['French Fries', 1],
        ],
      ],
      [
        'Family 2',
        [
          ['Veg Biryani', 2],
          ['Paneer Butter Masala', 1],
          ['Garlic Naan', 3],
          ['Sweet Lassi', 2],
        ],
      ],
      [
        'Terrace 5',
        [
          ['Cold Coffee', 2],
          ['Brownie with Ice Cream', 1],
        ],
      ],
    ];
    await tx.insert(orderLines).values(
      open.flatMap(([label, items]) =>
        items.map(([name, quantity]) => {
          const product = PRODUCTS.find((p) => p.name === name)!;
          const productId = byName.get(name)!;
          return {
            branchId,
            tableId: byLabel.get(label)!,
            productId,
            lineKey: lineKeyOf({ productId, variantId: null, addonIds: [], note: '' }),
            name,
            unitPricePaise: product.pricePaise,
            quantity,
          };
        }),
      ),
    );
    await tx.execute(sql`update tables set version = 1 where branch_id = ${branchId}
      and id in (select table_id from order_lines where branch_id = ${branchId})`);

    if (bulk) {
      await tx.execute(sql`set local session_replication_role = origin`);
      await checkBulkLoad(tx, branchId);
    }

    const where = sql`where branch_id = ${branchId}`;
    return {
      firstDay,
      lastDay,
      bills: await count(tx, sql`select count(*)::int as n from bills ${where}`),
      billLines: await count(tx, sql`select count(*)::int as n from bill_lines ${where}`),
      billPayments: await count(tx, sql`select count(*)::int as n from bill_payments ${where}`),
      openDues: await count(
        tx,
        sql`select count(*)::int as n from bills ${where} and status = 'Due'`,
      ),
      settledDues: await count(
        tx,
        sql`select count(*)::int as n from gen_bills where due and settled_later_at is not null`,
      ),
      splitBills: await count(tx, sql`select count(*)::int as n from gen_bills where split`),
      tables: tableRows.length,
      products: productRows.length,
    };
  });
  return result;
}

/**
 * What PostgreSQL's autovacuum does after a load like this one (visibility map for index-only
 * scans, statistics for the planner). PGlite runs no autovacuum: there, nothing does it unless
 * asked.
 */
export async function vacuumAnalyze(db: Db): Promise<void> {
  await db.execute(sql`vacuum (analyze)`);
}

/** What the skipped triggers would have refused or copied, checked over the whole branch. */
async function checkBulkLoad(tx: Tx, branchId: string) {
  const checks: [string, SQL][] = [
    [
      'bill lines without their bill or with another business date',
      sql`select count(*)::int as n from bill_lines l left join bills b
        on b.branch_id = l.branch_id and b.id = l.bill_id
        where l.branch_id = ${branchId} and b.business_date is distinct from l.business_date`,
    ],
    [
      'bills whose hour or search text is not what the trigger would have set',
      sql`select count(*)::int as n from bills b join branches br on br.id = b.branch_id
        where b.branch_id = ${branchId}
          and (b.business_hour <> extract(hour from b.created_at at time zone br.time_zone)
            or b.search_text <> bill_search_text(b.number, b.table_label, b.method::text,
              b.status::text, b.responsible))`,
    ],
    [
      'bill lines of unknown products',
      sql`select count(*)::int as n from bill_lines l
        where l.branch_id = ${branchId} and not exists (select 1 from products p
          where p.branch_id = l.branch_id and p.id = l.product_id)`,
    ],
    [
      'payments without their bill',
      sql`select count(*)::int as n from bill_payments m
        where m.branch_id = ${branchId} and not exists (select 1 from bills b
          where b.branch_id = m.branch_id and b.id = m.bill_id)`,
    ],
    [
      'bills of unknown tables or users',
      sql`select count(*)::int as n from bills b
        where b.branch_id = ${branchId} and (
          not exists (select 1 from tables t where t.branch_id = b.branch_id and t.id = b.table_id)
          or not exists (select 1 from users u where u.id = b.created_by)
          or (b.settled_by is not null and not exists (select 1 from users u
            where u.id = b.settled_by)))`,
    ],
    [
      'stock rows of unknown vendors or ingredients',
      sql`select count(*)::int as n from stock_purchases s
        where s.branch_id = ${branchId} and (
          not exists (select 1 from vendors v where v.branch_id = s.branch_id and v.id = s.vendor_id)
          or not exists (select 1 from ingredients i
            where i.branch_id = s.branch_id and i.id = s.ingredient_id))`,
    ],
  ];
  for (const [what, query] of checks) {
    const n = await count(tx, query);
    if (n) throw new Error(`year of data: ${n} ${what}`);
  }
}

/** Ingredients, vendors, a year of deliveries (early morning, every few days per item) and
 *  weekly vendor payments for the deliveries of two weeks before, so the last two weeks are
 *  owed. */
async function insertStock(
  tx: Tx,
  input: {
    branchId: string;
    firstDay: IsoDate;
    days: number;
    now: Date;
    zone: string;
    manager: { id: string; name: string };
  },
) {
  const { branchId, firstDay, days, now, zone, manager } = input;
  const vendorRows = await tx
    .insert(vendors)
    .values(
      VENDORS.map((vendor, v) => ({
        branchId,
        ...vendor,
        categories: [...new Set(INGREDIENTS.filter((i) => i[3] === v).map((i) => i[1]))],
      })),
    )
    .returning({ id: vendors.id });
  const ingredientRows = await tx
    .insert(ingredients)
    .values(
      INGREDIENTS.map(([name, category, unit, , , , , quantity, lowStockThreshold]) => ({
        branchId,
        name,
        category,
        unit,
        quantity,
        lowStockThreshold,
      })),
    )
    .returning({ id: ingredients.id });
  await tx.insert(vendorItems).values(
    INGREDIENTS.map((item, i) => ({
      branchId,
      vendorId: vendorRows[item[3]]!.id,
      ingredientId: ingredientRows[i]!.id,
    })),
  );
  const plan = INGREDIENTS.map(([, , , vendor, packQty, packPaise, every], i) => ({
    idx: i + 1,
    id: ingredientRows[i]!.id,
    vendorId: vendorRows[vendor]!.id,
    packQty,
    packPaise,
    every,
  }));
  await tx.execute(sql`insert into stock_purchases (branch_id, id, vendor_id, ingredient_id,
      invoice_date, invoice_number, quantity, price_paise, created_by, created_at)
    select ${branchId}, ${raw(uuidV7('at', "'stock' || (d * 100 + idx)"))}, vendor_id, id, day,
      'INV-' || (d * 100 + idx), pack_qty * packs, pack_paise * packs, ${manager.id}::uuid, at
    from (
      select x.*, d, ${firstDay}::date + d as day,
        1 + floor(${raw(u('d * 100 + idx', 31))} * 3)::int as packs,
        ((${firstDay}::date + d)::timestamp + interval '8 hours 30 minutes'
          + floor(${raw(u('d * 100 + idx', 32))} * 90) * interval '1 minute') at time zone ${zone}
          as at
      from jsonb_to_recordset(${JSON.stringify(plan)}::jsonb)
        as x(idx int, id uuid, "vendorId" uuid, "packQty" int, "packPaise" int, every int),
        generate_series(0, ${days - 1}) d
      where (d + idx) % every = 0
    ) s(idx, id, vendor_id, pack_qty, pack_paise, every, d, day, packs, at)
    where at <= ${now}
    order by at`);
  await tx.execute(sql`insert into vendor_payments (branch_id, id, vendor_id, amount_paise,
      paid_by, paid_on, note, created_at, created_by)
    select ${branchId}, ${raw(uuidV7('at', "'vendor-pay' || (week * 10 + v)"))}, vendor_id, amount,
      ${manager.name}, paid_on,
      case when ${raw(u('week * 10 + v', 33))} < 0.6 then 'UPI transfer'
        else 'Cheque no. ' || (100000 + floor(${raw(u('week * 10 + v', 34))} * 900000)::int) end,
      at, ${manager.id}::uuid
    from (
      select vendor_id, week, dense_rank() over (order by vendor_id)::int as v,
        sum(price_paise)::int as amount, ${firstDay}::date + (week + 2) * 7 as paid_on,
        ((${firstDay}::date + (week + 2) * 7)::timestamp + interval '11 hours') at time zone ${zone}
          as at
      from (select vendor_id, price_paise, (invoice_date - ${firstDay}::date) / 7 as week
        from stock_purchases where branch_id = ${branchId}) p
      group by vendor_id, week
    ) w
    where at <= ${now}
    order by at`);
}

/** The branch and manager the by-hand run adds. */
const BY_HAND = {
  code: 'YEAR01',
  name: 'Year Cafe',
  manager: { name: 'Meera Iyer', email: 'year@demo.cafe', password: 'Manager@1234' },
};

async function fillByHand() {
  const database = await openServerDatabase(loadConfig(), { create: true });
  try {
    await migrateDatabase(database);
    const today = businessDate(new Date(), 'Asia/Kolkata');
    const [branch] = await database.db
      .insert(branches)
      .values({
        code: BY_HAND.code,
        name: BY_HAND.name,
        ownerName: BY_HAND.manager.name,
        email: BY_HAND.manager.email,
        location: 'Indiranagar, Bengaluru',
        subscriptionType: 'yearly',
        activeDate: addDays(today, -400),
        deactiveDate: addDays(today, 365),
        numberOfUsers: 10,
      })
      .returning({ id: branches.id });
    await database.db.insert(users).values({
      role: 'branch_manager',
      branchId: branch!.id,
      name: BY_HAND.manager.name,
      email: BY_HAND.manager.email,
      passwordHash: await hashPassword(BY_HAND.manager.password),
    });
    const started = performance.now();
    const data = await generateYearOfData(database.db, branch!.id);
    await vacuumAnalyze(database.db);
    console.log(
      `${BY_HAND.name}: ${data.bills} bills, ${data.billLines} lines, ${data.billPayments} payments ` +
        `from ${data.firstDay} to ${data.lastDay} in ${((performance.now() - started) / 1000).toFixed(1)} s. ` +
        `Sign in as ${BY_HAND.manager.email} / ${BY_HAND.manager.password}.`,
    );
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await fillByHand();
