import { describe, expect, it } from 'vitest';
import {
  NAV_LINKS,
  PERMISSIONS,
  ROLES,
  ROLE_LABELS,
  ROLE_PERMISSIONS,
  can,
  isRole,
  navLinksFor,
  type Permission,
  type Role,
} from './permissions';

type Cell = boolean;

/**
 * product.md "Who may do what", one row per permission, in the order
 * [super admin, branch manager, staff], with the table row it comes from.
 */
const TABLE: [Permission, string, Cell, Cell, Cell][] = [
  ['branches.manage', 'branches, plans, demo requests', true, false, false],
  ['demoRequests.read', 'branches, plans, demo requests', true, false, false],
  ['branchSettings.manage', 'own branch settings only', false, true, false],
  ['staff.manage', 'staff accounts', false, true, false],
  ['tables.use', 'tables, orders, billing, printing', false, true, true],
  ['dues.settle', 'settle dues, change payment status', false, true, true],
  ['products.view', 'products: staff view only', false, true, true],
  ['products.manage', 'products (add, edit, archive)', false, true, false],
  ['inventory.view', 'inventory: staff add stock only, so they see the list', false, true, true],
  ['inventory.manage', 'inventory, stock, vendors, vendor payments', false, true, false],
  ['stock.add', 'inventory: staff add stock only', false, true, true],
  ['vendors.manage', 'inventory, stock, vendors, vendor payments', false, true, false],
  ['reports.view', 'reports and CSV exports', false, true, false],
];

const cells = TABLE.flatMap(([permission, area, superAdmin, manager, staff]) =>
  (
    [
      ['super_admin', superAdmin],
      ['branch_manager', manager],
      ['staff', staff],
    ] as const
  ).map(([role, allowed]) => ({ permission, area, role: role as Role, allowed })),
);

describe('the who-may-do-what table', () => {
  it('covers every permission exactly once', () => {
    expect(TABLE.map(([permission]) => permission).sort()).toEqual([...PERMISSIONS].sort());
  });

  it.each(cells)(
    'answers $allowed when a $role asks for $permission ($area)',
    ({ role, permission, allowed }) => {
      expect(can(role, permission)).toBe(allowed);
      expect(ROLE_PERMISSIONS[role].includes(permission)).toBe(allowed);
    },
  );

  it('lists no permission twice for a role', () => {
    for (const role of ROLES) {
      expect(new Set(ROLE_PERMISSIONS[role]).size).toBe(ROLE_PERMISSIONS[role].length);
    }
  });

  it('gives staff a strict subset of what a branch manager may do', () => {
    for (const permission of ROLE_PERMISSIONS.staff) {
      expect(can('branch_manager', permission)).toBe(true);
    }
    expect(ROLE_PERMISSIONS.staff.length).toBeLessThan(ROLE_PERMISSIONS.branch_manager.length);
  });

  it('gives the super admin no permission inside a branch', () => {
    for (const permission of ROLE_PERMISSIONS.branch_manager) {
      expect(can('super_admin', permission)).toBe(false);
    }
  });

  it('refuses everything to an unknown role', () => {
    expect(can('owner' as Role, 'tables.use')).toBe(false);
    expect(isRole('owner')).toBe(false);
    expect(isRole('staff')).toBe(true);
  });

  it('names the roles for people', () => {
    expect(ROLE_LABELS).toEqual({
      super_admin: 'Super Admin',
      branch_manager: 'Branch Manager',
      staff: 'Staff',
    });
  });
});

describe('the user sidebar', () => {
  it('has the spec links in the spec order, then Staff', () => {
    expect(NAV_LINKS.map(({ label, path }) => [label, path])).toEqual([
      ['Billing', '/usersidebar/billing'],
      ['Product', '/products'],
      ['Inventory', '/inventorydashboard'],
      ['Vendors', '/vendordashboard'],
      ['Order Report', '/report/order'],
      ['Payment Report', '/report/payments'],
      ['Due Payment Report', '/report/dues'],
      ['Staff', '/staff'],
    ]);
  });

  it('shows a branch manager every link', () => {
    expect(navLinksFor('branch_manager')).toEqual(NAV_LINKS);
  });

  it('shows staff billing, inventory and dues only (they see products when ordering)', () => {
    expect(navLinksFor('staff').map((link) => link.label)).toEqual([
      'Billing',
      'Inventory',
      'Due Payment Report',
    ]);
  });

  it('shows the super admin no branch link', () => {
    expect(navLinksFor('super_admin')).toEqual([]);
  });

  it.each([
    ['Product', 'products.manage'],
    ['Vendors', 'vendors.manage'],
    ['Order Report', 'reports.view'],
    ['Payment Report', 'reports.view'],
    ['Staff', 'staff.manage'],
  ])('hides %s from staff because it needs %s', (label, permission) => {
    const link = NAV_LINKS.find((l) => l.label === label);
    expect(link?.permission).toBe(permission);
    expect(can('staff', permission as Permission)).toBe(false);
  });
});
