/** The branches (the restaurants a super admin sells plans to) and the branch_id column every branch-scoped table leads with. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { TAX_REGIMES } from '../../../shared/gst';
import { PRICING_PLAN_IDS, SUBSCRIPTION_TYPES } from '../../../shared/plans';
import { createdAt, day, id, updatedAt } from '../../db/columns';

// Enums are built from the constants in shared/, so the database and the code never disagree.
export const subscriptionType = pgEnum('subscription_type', SUBSCRIPTION_TYPES);

export const pricingPlan = pgEnum('pricing_plan', PRICING_PLAN_IDS);

export const taxRegime = pgEnum('tax_regime', TAX_REGIMES);

/** Branch-scoped tables lead with branch_id, which also references the branch itself. */
export const branchId = () =>
  uuid('branch_id')
    .notNull()
    .references(() => branches.id);

/**
 * The branch column of a row that belongs to a parent row of the same branch by a composite
 * foreign key ((branch_id, parent_id) → the parent's (branch_id, id)): the parent's own branch
 * key covers it, so it has no foreign key of its own, one check fewer per row written (a
 * payment writes tens of such rows: docs/performance.md).
 */
export const childBranchId = () => uuid('branch_id').notNull();

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

export type Branch = typeof branches.$inferSelect;

export type NewBranch = typeof branches.$inferInsert;

/**
 * A branch's tax profile (docs/gst.md): what its bills print at their top and how their tax is
 * worked out. Rows are never changed: every save of Settings adds one, the newest is the
 * branch's profile, and a bill keeps the id of the row it was made with, so changing the
 * profile never changes a bill already made.
 */
export const taxProfiles = pgTable(
  'tax_profiles',
  {
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id),
    id: id(),
    /** The name the restaurant trades under (printed large). */
    tradeName: text('trade_name').notNull(),
    /** The legal name of the business, as registered for GST; null when the same. */
    legalName: text('legal_name'),
    address: text('address'),
    phone: text('phone'),
    gstin: text('gstin'),
    /** The 14-digit FSSAI licence or registration number. */
    fssai: text('fssai'),
    regime: taxRegime('regime').notNull(),
    pricesIncludeTax: boolean('prices_include_tax').notNull(),
    roundOff: boolean('round_off').notNull(),
    /** A voluntary service charge in basis points; 0 for none. */
    serviceChargeBps: integer('service_charge_bps').notNull(),
    /** The invoice number's series prefix (1–4 capitals or digits): 'DC' of 'DC/2627/000123'. */
    invoicePrefix: text('invoice_prefix').notNull(),
    createdAt: createdAt(),
    createdBy: uuid('created_by'),
  },
  (t) => [
    primaryKey({ name: 'tax_profiles_pk', columns: [t.branchId, t.id] }),
    // The branch's profile: its newest row.
    index('tax_profiles_branch_created_at_idx').on(t.branchId, t.createdAt),
    check('tax_profiles_service_charge_check', sql`${t.serviceChargeBps} between 0 and 10000`),
    check('tax_profiles_invoice_prefix_check', sql`${t.invoicePrefix} ~ '^[A-Z0-9]{1,4}$'`),
    check(
      'tax_profiles_regime_gstin_check',
      sql`${t.regime} = 'unregistered' or ${t.gstin} is not null`,
    ),
  ],
);

export type TaxProfile = typeof taxProfiles.$inferSelect;
