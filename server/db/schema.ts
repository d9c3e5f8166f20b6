/**
 * The whole data model (PostgreSQL dialect; the same schema runs on PGlite and PostgreSQL): each
 * module declares its own tables in `<module>.tables.ts`; this file gathers them for drizzle-kit
 * and the typed client. Column helpers are in `columns.ts`.
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
 * Changing a tables file: run `npm run db:generate` and commit the new migration with it.
 */
export * from '../modules/branches/branches.tables';
export * from '../modules/users/users.tables';
export * from '../modules/auth/auth.tables';
export * from '../modules/tables/tables.tables';
export * from '../modules/products/products.tables';
export * from '../modules/inventory/inventory.tables';
export * from '../modules/billing/billing.tables';
export * from '../modules/billing/billing.daily.tables';
export * from '../modules/vendors/vendors.tables';
export * from '../modules/demo-requests/demo-requests.tables';
export * from '../mail/mail.tables';
export * from '../lib/audit.tables';
export * from '../modules/kitchen/kitchen.tables';
export * from '../modules/printing/printing.tables';
export * from '../modules/cash/cash.tables';
export * from '../modules/voids/voids.tables';
export * from '../modules/complimentary/complimentary.tables';
