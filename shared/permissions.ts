/**
 * Roles and permissions: the "Who may do what" table of product.md, as data.
 *
 * | area                                       | super admin | branch manager  | staff          |
 * |--------------------------------------------|-------------|-----------------|----------------|
 * | branches, plans, demo requests             | yes         | own settings    | no             |
 * | staff accounts                             | no          | yes             | no             |
 * | tables, orders, billing, printing          | no          | yes             | yes            |
 * | settle dues, change payment status         | no          | yes             | yes            |
 * | products (add, edit, archive)              | no          | yes             | view only      |
 * | inventory, stock, vendors, vendor payments | no          | yes             | add stock only |
 * | reports and CSV exports                    | no          | yes             | no             |
 * | cancel a bill                              | no          | yes             | no             |
 * | mark sold out (86) and back on sale        | no          | yes             | yes            |
 * | send KOTs, see the kitchen's progress      | no          | yes             | yes            |
 * | kitchen display (bump, recall)             | no          | yes             | no (kitchen)   |
 * | stations, kitchen settings, sections       | no          | yes             | no             |
 * | approve a void (own PIN)                   | no          | yes             | no             |
 * | open and close cash drawer shifts, cash in/out | no      | yes             | yes            |
 * | X/Z reports, close and reopen a day, drawer settings | no | yes             | no             |
 *
 * Decisions where the table leaves room:
 * - "add stock only" for staff: staff hold `stock.add` and `inventory.view`. Adding stock means
 *   choosing an item and seeing its current quantity (spec: Add Stock shows "current quantity"),
 *   and the Add Stock button lives on the Inventory dashboard, so staff may read inventory
 *   lists and see the Inventory link. They may not add, edit or delete inventory items
 *   (`inventory.manage`), nor open vendors or vendor payments (`vendors.manage`). The vendor
 *   choices of the Add Stock form (vendor name, categories, supplied items) are served to
 *   holders of `stock.add`, without payments.
 * - Dues: staff may settle dues (`dues.settle`), and the Due Payment Report is where dues are
 *   settled (spec: clicking the status opens 'Update Payment'). So that page needs
 *   `dues.settle`, not `reports.view`; it has no CSV export. The Order and Payment reports and
 *   every CSV export need `reports.view` (manager only).
 * - Changing a payment status on the Payment Report is also `dues.settle`, but the page itself
 *   is a report (`reports.view`), so in practice only managers reach it.
 * - The branch overview (/user-dashboard: today's sales, open tables, dues, low stock, vendors
 *   owed, top items) shows sales and what the store owes, so it is `overview.view`, the
 *   manager's alone. Staff opening /user-dashboard keep their start page (the branch and their
 *   links), without figures. Login still lands on Billing (spec).
 * - The super admin runs the platform, not a branch: no branch permissions at all.
 * - The kitchen account (`kitchen`, docs/kitchen.md): a branch account for the wall tablet of
 *   the kitchen display. It holds `kitchen.display` alone: it sees the branch's tickets and
 *   bumps them, and reaches nothing else (no tables, bills, products or reports). Managers
 *   hold it too, to watch and to set the display up; staff do not (they see the kitchen's
 *   progress on their order screens, through `tables.use`).
 * - Two-factor sign-in (`twoFactor.use`): required of super admins, a choice for managers, not
 *   offered to staff (they work on shared counter devices under their manager's account).
 * - Cash drawer shifts (`cash.drawer`, docs/cash.md): staff open a shift, record cash in and out
 *   and count the drawer at its close, but count blind: the expected cash of an open shift is a
 *   manager's figure (the difference shows once the count is in). The day's X and Z reports, day
 *   close and reopening, the counters and the difference limit are `day.close` (manager).
 */

export const ROLES = ['super_admin', 'branch_manager', 'staff', 'kitchen'] as const;
export type Role = (typeof ROLES)[number];

/** How a role is named on screen (the spec calls staff "Subuser"). */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  super_admin: 'Super Admin',
  branch_manager: 'Branch Manager',
  staff: 'Staff',
  kitchen: 'Kitchen',
};

export const PERMISSIONS = [
  /** Create branches, set and renew plans, deactivate branches (super admin). */
  'branches.manage',
  /** List demo requests from the landing page (super admin). */
  'demoRequests.read',
  /** Edit the own branch's settings: name, address, phone, GSTIN, time zone (manager). */
  'branchSettings.manage',
  /** Add, deactivate, set plan dates of, reset passwords of staff accounts (manager). */
  'staff.manage',
  /** Tables, orders, billing, bill printing. */
  'tables.use',
  /** Settle dues and change a payment's status. */
  'dues.settle',
  /** See products (needed to take orders). */
  'products.view',
  /** Add, edit and archive products. */
  'products.manage',
  /** See inventory items and their history. */
  'inventory.view',
  /** Add, edit and delete inventory items (ingredients). */
  'inventory.manage',
  /** Add stock entries from a vendor. */
  'stock.add',
  /** Vendors, their stock details, comments and payments. */
  'vendors.manage',
  /** Order report, payment report, CSV exports. */
  'reports.view',
  /** Own two-factor sign-in: set up, turn off (required of super admins, not offered to staff). */
  'twoFactor.use',
  /** The branch overview: today's sales against last week, open tables, dues, stock, vendors. */
  'overview.view',
  /** Cancel a paid or due bill with a reason: refunds, stock back (manager; docs/gst.md). */
  'bills.cancel',
  /** Mark a product or a variant sold out (86) and back on sale (docs/menu.md). */
  'menu.soldOut',
  /** The kitchen display: its tickets, bumping and recalling them (docs/kitchen.md). */
  'kitchen.display',
  /** Kitchen stations and their subcategories, kitchen settings, floor sections (manager). */
  'kitchen.manage',
  /** Approve a void with the own PIN, and set that PIN (manager). */
  'voids.approve',
  /** Open and close cash drawer shifts, record cash in and out (docs/cash.md). */
  'cash.drawer',
  /** X and Z reports, close and reopen a business day, counters and the difference limit. */
  'day.close',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  super_admin: ['branches.manage', 'demoRequests.read', 'twoFactor.use'],
  branch_manager: [
    'branchSettings.manage',
    'staff.manage',
    'tables.use',
    'dues.settle',
    'products.view',
    'products.manage',
    'inventory.view',
    'inventory.manage',
    'stock.add',
    'vendors.manage',
    'reports.view',
    'twoFactor.use',
    'overview.view',
    'bills.cancel',
    'menu.soldOut',
    'kitchen.display',
    'kitchen.manage',
    'voids.approve',
    'cash.drawer',
    'day.close',
  ],
  staff: [
    'tables.use',
    'dues.settle',
    'products.view',
    'inventory.view',
    'stock.add',
    'menu.soldOut',
    'cash.drawer',
  ],
  kitchen: ['kitchen.display'],
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** True when `role` holds `permission`. Unknown roles hold nothing. */
export function can(role: Role, permission: Permission): boolean {
  return isRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}
