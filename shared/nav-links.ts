import { can, type Permission, type Role } from './permissions';

/*
 * The branch's sidebar: who sees which link is the permission table's (shared/permissions.ts).
 * Apart from it so that what every screen loads (the guards' `can`) does not carry the
 * sidebar's words: the sidebar's links load after a screen's first view (web/app/layouts).
 */

export interface NavLink {
  /** Caption in the user sidebar (the spec's words). */
  label: string;
  path: string;
  /** Permission needed to see the link (and to open the page). */
  permission: Permission;
}

/** The user sidebar, in the spec's order, after the manager's Overview, plus Staff. */
export const NAV_LINKS: readonly NavLink[] = [
  { label: 'Overview', path: '/user-dashboard', permission: 'overview.view' },
  { label: 'Billing', path: '/usersidebar/billing', permission: 'tables.use' },
  // The product list is where products are managed (add, edit, archive), so it needs
  // products.manage; staff "view only" is met where they use products: the table's order screen.
  { label: 'Product', path: '/products', permission: 'products.manage' },
  { label: 'Inventory', path: '/inventorydashboard', permission: 'inventory.view' },
  { label: 'Vendors', path: '/vendordashboard', permission: 'vendors.manage' },
  { label: 'Order Report', path: '/report/order', permission: 'reports.view' },
  { label: 'Payment Report', path: '/report/payments', permission: 'reports.view' },
  { label: 'Tax Report', path: '/report/tax', permission: 'reports.view' },
  { label: 'Due Payment Report', path: '/report/dues', permission: 'dues.settle' },
  { label: 'Void Report', path: '/report/voids', permission: 'reports.view' },
  { label: 'Complimentary Report', path: '/report/complimentary', permission: 'reports.view' },
  { label: 'Cash Drawer', path: '/cash', permission: 'cash.drawer' },
  { label: 'Day Close', path: '/day-close', permission: 'day.close' },
  { label: 'Kitchen', path: '/kitchen', permission: 'kitchen.display' },
  { label: 'Staff', path: '/staff', permission: 'staff.manage' },
  { label: 'Settings', path: '/settings', permission: 'branchSettings.manage' },
];

/** The sidebar links a role may see, in order. */
export function navLinksFor(role: Role): NavLink[] {
  return NAV_LINKS.filter((link) => can(role, link.permission));
}
