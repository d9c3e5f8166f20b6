/**
 * The whole data model (PostgreSQL dialect; the same schema runs on PGlite and PostgreSQL).
 *
 * Conventions (docs: architecture.md, "Conventions" and "Keys and scale-out"):
 * - Ids are UUID v7 so a device can mint one before it reaches the server and rows sort by time.
 * - Every branch-scoped table has the primary key (branch_id, id) and every foreign key to
 *   another branch-scoped table is composite, so the database itself refuses a row that points
 *   at another branch's row, every lookup is led by the branch, and the tables can later be
 *   distributed by branch_id (Citus) without a schema change.
 * - Money is integer paise (`*_paise`), never floating point; quantities are integers in base
 *   units (g, ml, pcs, box); instants are timestamptz; plan and invoice dates are `date`.
 * - Column names are spelled out in snake_case so the schema does not depend on a casing option
 *   of whichever drizzle() instance imports it.
 *
 * Changing this file: run `npm run db:generate` and commit the new migration with it.
 */
import { relations, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../../shared/constants';
import { ROLES } from '../../shared/permissions';
import { PRICING_PLAN_IDS, SUBSCRIPTION_TYPES } from '../../shared/plans';
import { STORED_UNITS } from '../../shared/units';
import { MOVEMENT_ACTIONS } from '../../shared/schemas/inventory.schemas';

// ---------------------------------------------------------------------------------------------
// Enums (fixed sets; the strings are the spec's own words where the spec names them)
// ---------------------------------------------------------------------------------------------

// Built from the constants in shared/, so the database and the code can never disagree.
export const subscriptionType = pgEnum('subscription_type', SUBSCRIPTION_TYPES);
export const pricingPlan = pgEnum('pricing_plan', PRICING_PLAN_IDS);
export const userRole = pgEnum('user_role', ROLES);
export const stockUnit = pgEnum('stock_unit', STORED_UNITS);
export const paymentMethod = pgEnum('payment_method', PAYMENT_METHODS);
export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);
export const movementAction = pgEnum('movement_action', MOVEMENT_ACTIONS);
export const mailStatus = pgEnum('mail_status', ['pending', 'sent', 'failed']);

export type PaymentStatus = (typeof paymentStatus.enumValues)[number];
export type MovementAction = (typeof movementAction.enumValues)[number];
export type MailStatus = (typeof mailStatus.enumValues)[number];

// ---------------------------------------------------------------------------------------------
// Column helpers
// ---------------------------------------------------------------------------------------------

/** A UUID v7 id; the primary key itself is declared per table (alone or with branch_id). */
const id = () =>
  uuid('id')
    .notNull()
    .$defaultFn(() => uuidv7());

/** timestamptz read and written as a JS Date. */
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A calendar date as 'YYYY-MM-DD' (plan dates, invoice dates): no time zone to get wrong. */
const day = (name: string) => date(name, { mode: 'string' });

// The database default is a fallback only: use cases pass times from the injected clock.
const createdAt = () => instant('created_at').notNull().defaultNow();
const updatedAt = () =>
  instant('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Branch-scoped tables lead with branch_id, which also references the branch itself. */
const branchId = () =>
  uuid('branch_id')
    .notNull()
    .references(() => branches.id);

// ---------------------------------------------------------------------------------------------
// Platform: branches, users, sessions, login
// ---------------------------------------------------------------------------------------------

export const branches = pgTable(
  'branches',
  {
    id: id().primaryKey(),
    // The spec's branchCode: what people type and see; the uuid stays the internal key.
    code: text('code').notNull(),
    name: text('name').notNull(),
    ownerName: text('owner_name').notNull(),
    /** The branch manager's contact address (the spec's emailId). */
    email: text('email').notNull(),
    location: text('location').notNull(),
    // Printed on bills instead of the spec's placeholders, so a bill is a real bill.
    address: text('address'),
    phone: text('phone'),
    gstin: text('gstin'),
    // Reports group by business date and plans are checked in this zone.
    timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
    subscriptionType: subscriptionType('subscription_type').notNull(),
    // The landing page's pricing plan the branch bought; null for a custom deal.
    plan: pricingPlan('plan'),
    activeDate: day('active_date').notNull(),
    deactiveDate: day('deactive_date').notNull(),
    numberOfUsers: integer('number_of_users').notNull().default(5),
    amountPaise: integer('amount_paise'),
    // Lets the super admin stop a branch at once without rewriting its plan dates.
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('branches_code_unique').on(t.code),
    check('branches_code_not_blank_check', sql`btrim(${t.code}) <> ''`),
    check('branches_plan_dates_check', sql`${t.deactiveDate} >= ${t.activeDate}`),
    check('branches_number_of_users_check', sql`${t.numberOfUsers} > 0`),
    check('branches_amount_paise_check', sql`${t.amountPaise} >= 0`),
  ],
);

/**
 * Super admins, branch managers and staff in one table, so an email is unique across roles and
 * login resolves the role from one row (the spec's superadmins → branches → subusers order
 * cannot be ambiguous).
 */
export const users = pgTable(
  'users',
  {
    id: id().primaryKey(),
    role: userRole('role').notNull(),
    branchId: uuid('branch_id').references(() => branches.id),
    name: text('name').notNull(),
    /** Always stored lower-cased (a CHECK enforces it), so lookups and uniqueness agree. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    // Set for a new manager (the spec's firstLogin) and after an admin-issued password.
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    // Staff plan dates (the spec's subuser activeDate/deactiveDate); null means no own limit.
    activeDate: day('active_date'),
    deactiveDate: day('deactive_date'),
    // Sessions created before this instant are stale after a password change.
    passwordChangedAt: instant('password_changed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_branch_id_idx').on(t.branchId),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check(
      'users_role_branch_check',
      sql`(${t.role} = 'super_admin' and ${t.branchId} is null) or (${t.role} <> 'super_admin' and ${t.branchId} is not null)`,
    ),
    check(
      'users_plan_dates_check',
      sql`${t.deactiveDate} is null or ${t.activeDate} is null or ${t.deactiveDate} >= ${t.activeDate}`,
    ),
  ],
);

/** Opaque session tokens; only their SHA-256 is stored so a leaked row cannot log anyone in. */
export const sessions = pgTable(
  'sessions',
  {
    id: id().primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 hex of the opaque token sent in the cookie. */
    tokenHash: text('token_hash').notNull(),
    // Remember Me: a persistent cookie instead of one that ends with the browser.
    remember: boolean('remember').notNull().default(false),
    createdAt: createdAt(),
    // Drives the 30-minute inactivity timeout.
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    unique('sessions_token_hash_unique').on(t.tokenHash),
    index('sessions_user_id_idx').on(t.userId),
    // Lets a sweeper delete expired sessions without a full scan.
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/** Single-use password reset links; the token itself is only in the mail. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id().primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('password_reset_tokens_token_hash_unique').on(t.tokenHash),
    index('password_reset_tokens_user_id_idx').on(t.userId),
  ],
);

/** Login history for throttling by account and by address, and for an audit of failures. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: id().primaryKey(),
    /**
     * Lower-cased as typed; not a foreign key because unknown emails are attempts too. A signed-in
     * account's own password or code (a password change, two-factor sign-in) counts under
     * `account:<user id>` (the same limits, their own count).
     */
    email: text('email').notNull(),
    ip: text('ip'),
    /**
     * sha256 of the device cookie when the attempt came from a device that signed in to this
     * account before: such attempts are counted apart, so strangers' failures never lock it.
     */
    deviceHash: text('device_hash'),
    // Written false before the password is checked (the attempt holds its place in the count
    // under a lock), set true when the password was right.
    succeeded: boolean('succeeded').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_attempts_email_created_at_idx').on(t.email, t.createdAt),
    index('login_attempts_ip_created_at_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Devices that signed in to an account (OWASP "device cookies"): the browser keeps an opaque
 * HttpOnly token, the database its sha256 per account it signed in to.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: id().primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at').notNull().defaultNow(),
  },
  (t) => [
    unique('trusted_devices_token_hash_user_id_unique').on(t.tokenHash, t.userId),
    index('trusted_devices_user_id_idx').on(t.userId),
  ],
);

/** Forgot-password requests, counted per email as typed and per address (abuse limits). */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: id().primaryKey(),
    email: text('email').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_reset_requests_email_created_at_idx').on(t.email, t.createdAt),
    index('password_reset_requests_ip_created_at_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Two-factor sign-in (TOTP) of an account: present while it is on or being set up. Secrets are
 * sealed with AES-256-GCM under the server's TOTP_KEY (auth.totp.ts), never stored in clear.
 */
export const twoFactorCredentials = pgTable(
  'two_factor_credentials',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The confirmed secret; null while only a set-up is pending. */
    secret: text('secret'),
    enabledAt: instant('enabled_at'),
    /** The last 30-second step whose code was accepted: that code and older ones are refused. */
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    /** A set-up not yet confirmed with a code (replaces `secret` once confirmed). */
    pendingSecret: text('pending_secret'),
    pendingSince: instant('pending_since'),
  },
  (t) => [
    check(
      'two_factor_credentials_enabled_check',
      sql`(${t.secret} is null) = (${t.enabledAt} is null)`,
    ),
  ],
);

/** Single-use recovery codes of an account with two-factor sign-in; only their SHA-256. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: id().primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [unique('two_factor_recovery_codes_user_code_unique').on(t.userId, t.codeHash)],
);

/**
 * A password proven, the second step still to come: the opaque token is in a short-lived
 * HttpOnly cookie, only its SHA-256 here. Used once, then deleted.
 */
export const pendingLogins = pgTable(
  'pending_logins',
  {
    id: id().primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Remember Me as asked at the first step. */
    remember: boolean('remember').notNull(),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('pending_logins_token_hash_unique').on(t.tokenHash),
    index('pending_logins_user_id_idx').on(t.userId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Branch data: tables, products, ingredients, orders, bills
// ---------------------------------------------------------------------------------------------

/** Restaurant tables and counters (the spec's 'Table Number / Counter Number'). */
export const tables = pgTable(
  'tables',
  {
    branchId: branchId(),
    id: id(),
    label: text('label').notNull(),
    createdAt: createdAt(),
    // Archived rather than deleted: bills keep pointing at the table.
    archivedAt: instant('archived_at'),
    // Bumped on every change of the open order: the payment checks it is billing what it showed.
    version: integer('version').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'tables_pk', columns: [t.branchId, t.id] }),
    // Among live tables only, so an archived 'T9' does not block a new 'T9'.
    uniqueIndex('tables_branch_label_unique')
      .on(t.branchId, t.label)
      .where(sql`${t.archivedAt} is null`),
    check('tables_label_not_blank_check', sql`btrim(${t.label}) <> ''`),
  ],
);

export const products = pgTable(
  'products',
  {
    branchId: branchId(),
    id: id(),
    name: text('name').notNull(),
    pricePaise: integer('price_paise').notNull(),
    subcategory: text('subcategory').notNull(),
    // Archived (the product list's delete icon): hidden from ordering, kept for history.
    archivedAt: instant('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'products_pk', columns: [t.branchId, t.id] }),
    check('products_price_paise_check', sql`${t.pricePaise} >= 0`),
    check('products_name_not_blank_check', sql`btrim(${t.name}) <> ''`),
  ],
);

/** Inventory items. */
export const ingredients = pgTable(
  'ingredients',
  {
    branchId: branchId(),
    id: id(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    unit: stockUnit('unit').notNull(),
    // No CHECK >= 0 on purpose: sales are never refused for lack of recorded stock (the kitchen
    // may hold stock nobody entered yet), so the count may go negative and shows the gap.
    quantity: integer('quantity').notNull().default(0),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(0),
    createdAt: createdAt(),
    // The spec's lastUpdated, shown on the inventory dashboard.
    updatedAt: updatedAt(),
    // Soft delete: recipes, movements and stock history keep their ingredient.
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    primaryKey({ name: 'ingredients_pk', columns: [t.branchId, t.id] }),
    // One name per category, case-insensitive, among live items: 'Milk' and 'milk' in Dairy are
    // one item, and a deleted name can be added again.
    uniqueIndex('ingredients_branch_category_name_unique')
      .on(t.branchId, sql`lower(${t.category})`, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    index('ingredients_branch_category_idx').on(t.branchId, t.category),
    check('ingredients_low_stock_threshold_check', sql`${t.lowStockThreshold} >= 0`),
    check('ingredients_name_not_blank_check', sql`btrim(${t.name}) <> ''`),
  ],
);

/** Recipe rows: how much of an ingredient one unit of a product uses. */
export const productIngredients = pgTable(
  'product_ingredients',
  {
    branchId: branchId(),
    productId: uuid('product_id').notNull(),
    ingredientId: uuid('ingredient_id').notNull(),
    quantityUsed: integer('quantity_used').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'product_ingredients_pk',
      columns: [t.branchId, t.productId, t.ingredientId],
    }),
    foreignKey({
      name: 'product_ingredients_product_fk',
      columns: [t.branchId, t.productId],
      foreignColumns: [products.branchId, products.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'product_ingredients_ingredient_fk',
      columns: [t.branchId, t.ingredientId],
      foreignColumns: [ingredients.branchId, ingredients.id],
    }).onDelete('cascade'),
    // "Which products use this ingredient" and the FK check on ingredient changes.
    index('product_ingredients_ingredient_idx').on(t.branchId, t.ingredientId),
    check('product_ingredients_quantity_used_check', sql`${t.quantityUsed} > 0`),
  ],
);

/**
 * A table's open order, one row per product, changed line by line (+1, −1, remove) so two
 * devices editing one table never overwrite each other. Emptied when the table is billed.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    branchId: branchId(),
    id: id(),
    tableId: uuid('table_id').notNull(),
    productId: uuid('product_id').notNull(),
    // Snapshots, so a price edit during a meal does not change what the guest was quoted.
    name: text('name').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'order_lines_pk', columns: [t.branchId, t.id] }),
    unique('order_lines_table_product_unique').on(t.branchId, t.tableId, t.productId),
    foreignKey({
      name: 'order_lines_table_fk',
      columns: [t.branchId, t.tableId],
      foreignColumns: [tables.branchId, tables.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'order_lines_product_fk',
      columns: [t.branchId, t.productId],
      foreignColumns: [products.branchId, products.id],
    }),
    index('order_lines_product_idx').on(t.branchId, t.productId),
    // A line that reaches zero is deleted, never kept at 0.
    check('order_lines_quantity_check', sql`${t.quantity} > 0`),
    check('order_lines_unit_price_paise_check', sql`${t.unitPricePaise} >= 0`),
  ],
);

/**
 * Order-line changes already applied, by the id the device made for each tap: a retried
 * request finds its op here and changes nothing. Kept a day (pruned by the line changes).
 */
export const orderOps = pgTable(
  'order_ops',
  {
    branchId: branchId(),
    opId: uuid('op_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'order_ops_pk', columns: [t.branchId, t.opId] }),
    index('order_ops_created_at_idx').on(t.createdAt),
  ],
);

/** A payment record of a table: written with its lines, the table clearing and the stock
 * deduction in one transaction. */
export const bills = pgTable(
  'bills',
  {
    branchId: branchId(),
    id: id(),
    tableId: uuid('table_id').notNull(),
    // Snapshot, so reports still read right after a table is renamed or archived.
    tableLabel: text('table_label').notNull(),
    /** The invoice number 'DC/2026-27/000123': consecutive per branch and financial year. */
    number: text('number').notNull(),
    /** The financial year (April–March) of `businessDate`, e.g. '2026-27'. */
    financialYear: text('financial_year').notNull(),
    /** The branch's calendar day of the payment (its time zone): reports group by it. */
    businessDate: day('business_date').notNull(),
    subtotalPaise: integer('subtotal_paise').notNull(),
    /** Discount percentage in basis points (10 % = 1000). */
    discountBps: integer('discount_bps').notNull().default(0),
    discountPaise: integer('discount_paise').notNull().default(0),
    totalPaise: integer('total_paise').notNull(),
    method: paymentMethod('method').notNull(),
    status: paymentStatus('status').notNull(),
    /** Who owes a Due bill. */
    responsible: text('responsible'),
    // Sent by the client with the payment request: a retried or double-tapped payment finds
    // the bill already written instead of billing twice.
    idempotencyKey: text('idempotency_key').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    /** The payment time. */
    createdAt: createdAt(),
    /**
     * The hour (0–23) of the payment on the branch's clock, set by the database from
     * `createdAt` and the branch's time zone when an insert leaves it out (trigger
     * `bills_derived`, migration 0012): like the business date, it stays as it was when
     * billed. The charts' sales by hour add it up.
     */
    businessHour: smallint('business_hour')
      .notNull()
      .$defaultFn(() => sql`null`),
    /**
     * Number, table, method, status and responsible in lower case, for the payments report's
     * search: kept by the database on every insert and update (trigger `bills_derived`,
     * migration 0012) whatever the statement says. Never set it.
     */
    searchText: text('search_text')
      .notNull()
      .$defaultFn(() => sql`null`),
    /**
     * The money received for the bill so far, per method: its `bill_payments` added up, kept
     * with them by the payment and the settlement, so a report sums a range's money by method
     * from the bills alone.
     */
    paidCashPaise: integer('paid_cash_paise').notNull().default(0),
    paidCardPaise: integer('paid_card_paise').notNull().default(0),
    paidUpiPaise: integer('paid_upi_paise').notNull().default(0),
    paidOtherPaise: integer('paid_other_paise').notNull().default(0),
    // When the bill became Settled: equal to created_at when paid at once, later for a due.
    settledAt: instant('settled_at'),
    settledBy: uuid('settled_by').references(() => users.id),
  },
  (t) => [
    primaryKey({ name: 'bills_pk', columns: [t.branchId, t.id] }),
    unique('bills_idempotency_key_unique').on(t.branchId, t.idempotencyKey),
    unique('bills_number_unique').on(t.branchId, t.number),
    index('bills_branch_business_date_idx').on(t.branchId, t.businessDate),
    foreignKey({
      name: 'bills_table_fk',
      columns: [t.branchId, t.tableId],
      foreignColumns: [tables.branchId, tables.id],
    }),
    // Reports by date range, and the dues list.
    index('bills_branch_created_at_idx').on(t.branchId, t.createdAt),
    index('bills_branch_status_idx').on(t.branchId, t.status),
    index('bills_table_idx').on(t.branchId, t.tableId),
    check('bills_subtotal_paise_check', sql`${t.subtotalPaise} >= 0`),
    check('bills_discount_bps_check', sql`${t.discountBps} between 0 and 10000`),
    check('bills_discount_paise_check', sql`${t.discountPaise} >= 0`),
    check('bills_total_paise_check', sql`${t.totalPaise} >= 0`),
    check(
      'bills_paid_paise_check',
      sql`${t.paidCashPaise} >= 0 and ${t.paidCardPaise} >= 0 and ${t.paidUpiPaise} >= 0 and ${t.paidOtherPaise} >= 0`,
    ),
    check(
      'bills_total_matches_check',
      sql`${t.totalPaise} = ${t.subtotalPaise} - ${t.discountPaise}`,
    ),
    check(
      'bills_due_responsible_check',
      sql`${t.status} <> 'Due' or (${t.responsible} is not null and btrim(${t.responsible}) <> '')`,
    ),
    check('bills_due_not_settled_check', sql`${t.status} <> 'Due' or ${t.settledAt} is null`),
  ],
);

export const billLines = pgTable(
  'bill_lines',
  {
    branchId: branchId(),
    id: id(),
    billId: uuid('bill_id').notNull(),
    // Nullable so a line outlives its product; name and price are the snapshot that counts.
    productId: uuid('product_id'),
    name: text('name').notNull(),
    /** The product's subcategory when billed (null for lines written before it was kept). */
    subcategory: text('subcategory'),
    unitPricePaise: integer('unit_price_paise').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalPaise: integer('line_total_paise').notNull(),
    /**
     * The bill's business date, copied onto each line by the database (trigger
     * `bill_lines_business_date`, migration 0005) whatever the insert says, so the orders
     * report range-scans a branch's lines by day without joining bills. Never set it.
     */
    businessDate: day('business_date')
      .notNull()
      .$defaultFn(() => sql`null`),
  },
  (t) => [
    primaryKey({ name: 'bill_lines_pk', columns: [t.branchId, t.id] }),
    foreignKey({
      name: 'bill_lines_bill_fk',
      columns: [t.branchId, t.billId],
      foreignColumns: [bills.branchId, bills.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'bill_lines_product_fk',
      columns: [t.branchId, t.productId],
      foreignColumns: [products.branchId, products.id],
    }),
    index('bill_lines_bill_idx').on(t.branchId, t.billId),
    // Top items and the product filter of the orders report.
    index('bill_lines_product_idx').on(t.branchId, t.productId),
    // The orders report's totals and top items over a range of days.
    index('bill_lines_business_date_idx').on(t.branchId, t.businessDate),
    // The orders report's product filter: the lines of the matching items over the range.
    index('bill_lines_name_idx').on(t.branchId, t.name, t.businessDate),
    check('bill_lines_quantity_check', sql`${t.quantity} > 0`),
    check('bill_lines_unit_price_paise_check', sql`${t.unitPricePaise} >= 0`),
    check(
      'bill_lines_line_total_check',
      sql`${t.lineTotalPaise} = ${t.unitPricePaise} * ${t.quantity}`,
    ),
  ],
);

/**
 * What each item sold per business day, kept in the same transaction as the bill whose lines it
 * adds up (`addDailyItemSales`, server/db/daily-item-sales.ts), so a range's item totals add up
 * days instead of every line: the orders report's summary, top items and product filter, and the
 * overview's top items. Bill lines are never changed or deleted, so a row only ever grows; the
 * property tests and the crash-safety checks compare it with the lines.
 */
export const dailyItemSales = pgTable(
  'daily_item_sales',
  {
    branchId: branchId(),
    businessDate: day('business_date').notNull(),
    /** The item's name as billed (the report groups by it, like the lines). */
    name: text('name').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    revenuePaise: bigint('revenue_paise', { mode: 'number' }).notNull(),
    /** How many bill lines it adds up: the report's row count. */
    lines: integer('lines').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'daily_item_sales_pk',
      columns: [t.branchId, t.businessDate, t.name],
    }),
  ],
);

/**
 * The bills of each business day and hour added up, kept in the same transactions that write a
 * bill or settle one (server/db/daily-bill-totals.ts), so the payments report's totals, the
 * orders report's bill totals and the charts add up a few rows per day instead of every bill
 * of the range. A settlement takes its bill out and adds it back as it now is; the property
 * tests, the billing tests and the crash-safety checks compare the rows with the bills.
 */
export const dailyBillTotals = pgTable(
  'daily_bill_totals',
  {
    branchId: branchId(),
    businessDate: day('business_date').notNull(),
    /** The bills' `businessHour`. */
    hour: smallint('hour').notNull(),
    bills: integer('bills').notNull(),
    subtotalPaise: bigint('subtotal_paise', { mode: 'number' }).notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    /** The totals of the bills still Due. */
    dueTotalPaise: bigint('due_total_paise', { mode: 'number' }).notNull(),
    /** What has come in for the bills still Due (the parts of a split paid at once). */
    duePaidPaise: bigint('due_paid_paise', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'daily_bill_totals_pk',
      columns: [t.branchId, t.businessDate, t.hour],
    }),
  ],
);

/**
 * The money received per method for the bills of each business day (whenever it came: a due
 * settled later counts for its bill's day), kept with `dailyBillTotals`.
 */
export const dailyReceived = pgTable(
  'daily_received',
  {
    branchId: branchId(),
    businessDate: day('business_date').notNull(),
    method: paymentMethod('method').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'daily_received_pk',
      columns: [t.branchId, t.businessDate, t.method],
    }),
  ],
);

/**
 * The last bill number given per branch and financial year. Taken with an upsert inside the
 * payment's transaction, so a payment that rolls back gives its number back (no gaps) and two
 * payments wait for each other on this row (no repeats).
 */
export const billCounters = pgTable(
  'bill_counters',
  {
    branchId: branchId(),
    /** '2026-27'. */
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    primaryKey({ name: 'bill_counters_pk', columns: [t.branchId, t.financialYear] }),
    check('bill_counters_last_number_check', sql`${t.lastNumber} > 0`),
  ],
);

/**
 * Money received for a bill: one row per method of a split, and one more when a due is settled
 * later, so totals by method count money the way it came in.
 */
export const billPayments = pgTable(
  'bill_payments',
  {
    branchId: branchId(),
    id: id(),
    billId: uuid('bill_id').notNull(),
    method: paymentMethod('method').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    receivedAt: instant('received_at').notNull().defaultNow(),
    receivedBy: uuid('received_by').references(() => users.id),
  },
  (t) => [
    primaryKey({ name: 'bill_payments_pk', columns: [t.branchId, t.id] }),
    foreignKey({
      name: 'bill_payments_bill_fk',
      columns: [t.branchId, t.billId],
      foreignColumns: [bills.branchId, bills.id],
    }).onDelete('cascade'),
    index('bill_payments_bill_idx').on(t.branchId, t.billId),
    // Payment report: money received in a date range.
    index('bill_payments_received_at_idx').on(t.branchId, t.receivedAt),
    check('bill_payments_amount_paise_check', sql`${t.amountPaise} > 0`),
    check('bill_payments_method_check', sql`${t.method} <> 'Due'`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Vendors, stock and the inventory history
// ---------------------------------------------------------------------------------------------

export const vendors = pgTable(
  'vendors',
  {
    branchId: branchId(),
    id: id(),
    name: text('name').notNull(),
    contactNo: text('contact_no').notNull(),
    address: text('address').notNull(),
    /** Ingredient categories this vendor supplies (drives the Add Stock category select). */
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Archived: hidden from every list and form; its purchases and payments stay.
    archivedAt: instant('archived_at'),
  },
  (t) => [
    primaryKey({ name: 'vendors_pk', columns: [t.branchId, t.id] }),
    check('vendors_name_not_blank_check', sql`btrim(${t.name}) <> ''`),
  ],
);

/** What a vendor supplies (the spec's suppliedItems), as rows rather than a list of names. */
export const vendorItems = pgTable(
  'vendor_items',
  {
    branchId: branchId(),
    vendorId: uuid('vendor_id').notNull(),
    ingredientId: uuid('ingredient_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'vendor_items_pk', columns: [t.branchId, t.vendorId, t.ingredientId] }),
    foreignKey({
      name: 'vendor_items_vendor_fk',
      columns: [t.branchId, t.vendorId],
      foreignColumns: [vendors.branchId, vendors.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'vendor_items_ingredient_fk',
      columns: [t.branchId, t.ingredientId],
      foreignColumns: [ingredients.branchId, ingredients.id],
    }).onDelete('cascade'),
    index('vendor_items_ingredient_idx').on(t.branchId, t.ingredientId),
  ],
);

/**
 * Applied stock submissions ('Submit All Stock Entries'): the device's idempotency key, unique
 * per branch, with the answer given, so a retry or a double press is applied once.
 */
export const stockSubmissions = pgTable(
  'stock_submissions',
  {
    branchId: branchId(),
    id: id(),
    idempotencyKey: uuid('idempotency_key').notNull(),
    /** sha256 of the entries, to refuse the same key sent with different entries. */
    requestHash: text('request_hash').notNull(),
    result: jsonb('result').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'stock_submissions_pk', columns: [t.branchId, t.id] }),
    unique('stock_submissions_key_unique').on(t.branchId, t.idempotencyKey),
  ],
);

/** A delivery from a vendor (the spec's vendor Stock sub-collection). */
export const stockPurchases = pgTable(
  'stock_purchases',
  {
    branchId: branchId(),
    id: id(),
    vendorId: uuid('vendor_id').notNull(),
    ingredientId: uuid('ingredient_id').notNull(),
    invoiceDate: day('invoice_date').notNull(),
    /** The vendor's invoice number, when typed. */
    invoiceNumber: text('invoice_number'),
    /** The stock submission that wrote this row. */
    submissionId: uuid('submission_id'),
    /** In the ingredient's base unit. */
    quantity: integer('quantity').notNull(),
    /** What the whole delivery cost, as on the invoice. */
    pricePaise: integer('price_paise').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    /**
     * Set when the entry was reversed (a mistake): it no longer counts in the vendor's total,
     * its stock table and CSV, nor as the item's latest purchase. The 'reversal' history row
     * says who and when.
     */
    reversedAt: instant('reversed_at'),
  },
  (t) => [
    primaryKey({ name: 'stock_purchases_pk', columns: [t.branchId, t.id] }),
    foreignKey({
      name: 'stock_purchases_vendor_fk',
      columns: [t.branchId, t.vendorId],
      foreignColumns: [vendors.branchId, vendors.id],
    }),
    foreignKey({
      name: 'stock_purchases_ingredient_fk',
      columns: [t.branchId, t.ingredientId],
      foreignColumns: [ingredients.branchId, ingredients.id],
    }),
    index('stock_purchases_vendor_idx').on(t.branchId, t.vendorId, t.invoiceDate),
    index('stock_purchases_ingredient_idx').on(
      t.branchId,
      t.ingredientId,
      t.invoiceDate,
      t.createdAt,
    ),
    foreignKey({
      name: 'stock_purchases_submission_fk',
      columns: [t.branchId, t.submissionId],
      foreignColumns: [stockSubmissions.branchId, stockSubmissions.id],
    }),
    check('stock_purchases_quantity_check', sql`${t.quantity} > 0`),
    check('stock_purchases_price_paise_check', sql`${t.pricePaise} >= 0`),
  ],
);

/** Payments to a vendor (the spec's vendor comments: amountPaid, paidBy, date). */
export const vendorPayments = pgTable(
  'vendor_payments',
  {
    branchId: branchId(),
    id: id(),
    vendorId: uuid('vendor_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    paidBy: text('paid_by').notNull(),
    paidOn: day('paid_on').notNull(),
    note: text('note'),
    createdAt: createdAt(),
    createdBy: uuid('created_by').references(() => users.id),
  },
  (t) => [
    primaryKey({ name: 'vendor_payments_pk', columns: [t.branchId, t.id] }),
    foreignKey({
      name: 'vendor_payments_vendor_fk',
      columns: [t.branchId, t.vendorId],
      foreignColumns: [vendors.branchId, vendors.id],
    }),
    index('vendor_payments_vendor_idx').on(t.branchId, t.vendorId, t.paidOn),
    check('vendor_payments_amount_paise_check', sql`${t.amountPaise} > 0`),
  ],
);

/**
 * Every change of an ingredient's quantity (the spec's History), so the dashboard can show how
 * a count came about. Sales are recorded per bill or, for bulk data, per ingredient per day.
 */
export const inventoryMovements = pgTable(
  'inventory_movements',
  {
    branchId: branchId(),
    id: id(),
    ingredientId: uuid('ingredient_id').notNull(),
    action: movementAction('action').notNull(),
    /** Signed change in base units (negative for sales). */
    quantityDelta: integer('quantity_delta').notNull(),
    /** The ingredient's quantity right after this movement (the spec's updatedQuantity). */
    quantityAfter: integer('quantity_after').notNull(),
    pricePaise: integer('price_paise'),
    invoiceDate: day('invoice_date'),
    vendorId: uuid('vendor_id'),
    stockPurchaseId: uuid('stock_purchase_id'),
    billId: uuid('bill_id'),
    userId: uuid('user_id').references(() => users.id),
    /** The reason of a correction ('adjustment'). */
    note: text('note'),
    /** What an 'update' or 'adjustment' changed: { field: { from, to } }. */
    changes: jsonb('changes'),
    /** A 'reversal': the 'Add Stock' row it takes back (at most one reversal each). */
    reversesMovementId: uuid('reverses_movement_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'inventory_movements_pk', columns: [t.branchId, t.id] }),
    foreignKey({
      name: 'inventory_movements_ingredient_fk',
      columns: [t.branchId, t.ingredientId],
      foreignColumns: [ingredients.branchId, ingredients.id],
    }).onDelete('cascade'),
    // Nullable composite keys: checked only when the optional id is set (MATCH SIMPLE).
    foreignKey({
      name: 'inventory_movements_vendor_fk',
      columns: [t.branchId, t.vendorId],
      foreignColumns: [vendors.branchId, vendors.id],
    }),
    foreignKey({
      name: 'inventory_movements_stock_purchase_fk',
      columns: [t.branchId, t.stockPurchaseId],
      foreignColumns: [stockPurchases.branchId, stockPurchases.id],
    }),
    foreignKey({
      name: 'inventory_movements_bill_fk',
      columns: [t.branchId, t.billId],
      foreignColumns: [bills.branchId, bills.id],
    }),
    foreignKey({
      name: 'inventory_movements_reverses_fk',
      columns: [t.branchId, t.reversesMovementId],
      foreignColumns: [t.branchId, t.id],
    }),
    // A stock entry is reversed at most once, whatever the race (NULLs are distinct).
    unique('inventory_movements_reverses_unique').on(t.branchId, t.reversesMovementId),
    index('inventory_movements_ingredient_idx').on(t.branchId, t.ingredientId, t.createdAt),
    check('inventory_movements_price_paise_check', sql`${t.pricePaise} >= 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Public leads, mail and audit
// ---------------------------------------------------------------------------------------------

/** Demo requests from the landing page: stored first so no lead is lost if mail fails. */
export const demoRequests = pgTable(
  'demo_requests',
  {
    id: id().primaryKey(),
    name: text('name').notNull(),
    businessName: text('business_name').notNull(),
    contactNumber: text('contact_number').notNull(),
    email: text('email').notNull(),
    // The pricing plan whose 'Buy Now' opened the form; null for a free demo.
    plan: pricingPlan('plan'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('demo_requests_created_at_idx').on(t.createdAt),
    // The per-address limit and the check for repeats look back over recent requests.
    index('demo_requests_ip_created_at_idx').on(t.ip, t.createdAt),
    index('demo_requests_email_created_at_idx').on(sql`lower(${t.email})`, t.createdAt),
  ],
);

/** Mail to send; without SMTP it stays here (and in the log) so nothing is lost. */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: id().primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: mailStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    // Set while one sender has claimed the mail; after it passes, another sender may retry.
    claimedUntil: instant('claimed_until'),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
  },
  (t) => [
    // The sender picks the oldest pending mail first.
    index('outbox_mails_status_created_at_idx').on(t.status, t.createdAt),
    check('outbox_mails_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

/** Who changed what. No foreign keys on purpose: the trail must outlive what it describes. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id().primaryKey(),
    branchId: uuid('branch_id'),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    data: jsonb('data'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_branch_created_at_idx').on(t.branchId, t.createdAt),
    // One thing's trail, e.g. a bill's status history on its Associated Orders panel.
    index('audit_log_entity_idx').on(t.branchId, t.entity, t.entityId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Relations (for db.query...findMany({ with })); composite keys join on branch_id too.
// ---------------------------------------------------------------------------------------------

export const branchesRelations = relations(branches, ({ many }) => ({
  users: many(users),
  tables: many(tables),
  products: many(products),
  ingredients: many(ingredients),
  vendors: many(vendors),
  bills: many(bills),
}));

export const usersRelations = relations(users, ({ one, many }) => ({
  branch: one(branches, { fields: [users.branchId], references: [branches.id] }),
  sessions: many(sessions),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const tablesRelations = relations(tables, ({ one, many }) => ({
  branch: one(branches, { fields: [tables.branchId], references: [branches.id] }),
  orderLines: many(orderLines),
  bills: many(bills),
}));

export const productsRelations = relations(products, ({ one, many }) => ({
  branch: one(branches, { fields: [products.branchId], references: [branches.id] }),
  ingredients: many(productIngredients),
}));

export const ingredientsRelations = relations(ingredients, ({ one, many }) => ({
  branch: one(branches, { fields: [ingredients.branchId], references: [branches.id] }),
  usedIn: many(productIngredients),
  movements: many(inventoryMovements),
  vendorItems: many(vendorItems),
}));

export const productIngredientsRelations = relations(productIngredients, ({ one }) => ({
  product: one(products, {
    fields: [productIngredients.branchId, productIngredients.productId],
    references: [products.branchId, products.id],
  }),
  ingredient: one(ingredients, {
    fields: [productIngredients.branchId, productIngredients.ingredientId],
    references: [ingredients.branchId, ingredients.id],
  }),
}));

export const orderLinesRelations = relations(orderLines, ({ one }) => ({
  table: one(tables, {
    fields: [orderLines.branchId, orderLines.tableId],
    references: [tables.branchId, tables.id],
  }),
  product: one(products, {
    fields: [orderLines.branchId, orderLines.productId],
    references: [products.branchId, products.id],
  }),
}));

export const billsRelations = relations(bills, ({ one, many }) => ({
  branch: one(branches, { fields: [bills.branchId], references: [branches.id] }),
  table: one(tables, {
    fields: [bills.branchId, bills.tableId],
    references: [tables.branchId, tables.id],
  }),
  lines: many(billLines),
}));

export const billLinesRelations = relations(billLines, ({ one }) => ({
  bill: one(bills, {
    fields: [billLines.branchId, billLines.billId],
    references: [bills.branchId, bills.id],
  }),
}));

export const vendorsRelations = relations(vendors, ({ one, many }) => ({
  branch: one(branches, { fields: [vendors.branchId], references: [branches.id] }),
  items: many(vendorItems),
  stockPurchases: many(stockPurchases),
  payments: many(vendorPayments),
}));

export const vendorItemsRelations = relations(vendorItems, ({ one }) => ({
  vendor: one(vendors, {
    fields: [vendorItems.branchId, vendorItems.vendorId],
    references: [vendors.branchId, vendors.id],
  }),
  ingredient: one(ingredients, {
    fields: [vendorItems.branchId, vendorItems.ingredientId],
    references: [ingredients.branchId, ingredients.id],
  }),
}));

export const stockPurchasesRelations = relations(stockPurchases, ({ one }) => ({
  vendor: one(vendors, {
    fields: [stockPurchases.branchId, stockPurchases.vendorId],
    references: [vendors.branchId, vendors.id],
  }),
  ingredient: one(ingredients, {
    fields: [stockPurchases.branchId, stockPurchases.ingredientId],
    references: [ingredients.branchId, ingredients.id],
  }),
}));

export const vendorPaymentsRelations = relations(vendorPayments, ({ one }) => ({
  vendor: one(vendors, {
    fields: [vendorPayments.branchId, vendorPayments.vendorId],
    references: [vendors.branchId, vendors.id],
  }),
}));

export const inventoryMovementsRelations = relations(inventoryMovements, ({ one }) => ({
  ingredient: one(ingredients, {
    fields: [inventoryMovements.branchId, inventoryMovements.ingredientId],
    references: [ingredients.branchId, ingredients.id],
  }),
}));

// ---------------------------------------------------------------------------------------------
// Row types
// ---------------------------------------------------------------------------------------------

export type Branch = typeof branches.$inferSelect;
export type NewBranch = typeof branches.$inferInsert;
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type PasswordResetToken = typeof passwordResetTokens.$inferSelect;
export type LoginAttempt = typeof loginAttempts.$inferSelect;
export type Table = typeof tables.$inferSelect;
export type NewTable = typeof tables.$inferInsert;
export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type Ingredient = typeof ingredients.$inferSelect;
export type NewIngredient = typeof ingredients.$inferInsert;
export type ProductIngredient = typeof productIngredients.$inferSelect;
export type OrderLine = typeof orderLines.$inferSelect;
export type NewOrderLine = typeof orderLines.$inferInsert;
export type Bill = typeof bills.$inferSelect;
export type NewBill = typeof bills.$inferInsert;
export type BillLine = typeof billLines.$inferSelect;
export type NewBillLine = typeof billLines.$inferInsert;
export type InventoryMovement = typeof inventoryMovements.$inferSelect;
export type NewInventoryMovement = typeof inventoryMovements.$inferInsert;
export type Vendor = typeof vendors.$inferSelect;
export type NewVendor = typeof vendors.$inferInsert;
export type VendorItem = typeof vendorItems.$inferSelect;
export type StockPurchase = typeof stockPurchases.$inferSelect;
export type StockSubmission = typeof stockSubmissions.$inferSelect;
export type NewStockPurchase = typeof stockPurchases.$inferInsert;
export type VendorPayment = typeof vendorPayments.$inferSelect;
export type NewVendorPayment = typeof vendorPayments.$inferInsert;
export type DemoRequest = typeof demoRequests.$inferSelect;
export type OutboxMail = typeof outboxMails.$inferSelect;
export type AuditLogEntry = typeof auditLog.$inferSelect;
