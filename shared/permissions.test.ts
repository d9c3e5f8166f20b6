import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NAV_LINKS, navLinksFor } from './nav-links';
import { PERMISSIONS, ROLES, can, isRole, type Permission, type Role } from './permissions';

/** The permissions a role holds, asked through `can` as every guard does. */
function held(role: Role): Permission[] {
  return PERMISSIONS.filter((permission) => can(role, permission));
}

/** product.md "Who may do what", one test per row of the table. */
describe('who may do what', () => {
  it('lets only the super admin manage branches, plans and demo requests; a manager edits only the own branch settings', () => {
    for (const permission of ['branches.manage', 'demoRequests.read'] as const) {
      expect(ROLES.filter((role) => can(role, permission))).toEqual(['super_admin']);
    }
    expect(ROLES.filter((role) => can(role, 'branchSettings.manage'))).toEqual(['branch_manager']);
  });

  it('lets only a branch manager manage staff accounts', () => {
    expect(ROLES.filter((role) => can(role, 'staff.manage'))).toEqual(['branch_manager']);
  });

  it('lets a manager and staff take orders, bill, print and settle dues, and the super admin none of it', () => {
    for (const permission of ['tables.use', 'dues.settle'] as const) {
      expect(ROLES.filter((role) => can(role, permission))).toEqual(['branch_manager', 'staff']);
    }
  });

  it('lets staff see products to take orders, but not add, edit or archive them', () => {
    expect(can('staff', 'products.view')).toBe(true);
    expect(can('staff', 'products.manage')).toBe(false);
    expect(can('branch_manager', 'products.manage')).toBe(true);
  });

  it('lets staff add stock and see the inventory it goes to, but not manage inventory items, vendors or vendor payments', () => {
    expect(can('staff', 'stock.add')).toBe(true);
    expect(can('staff', 'inventory.view')).toBe(true);
    expect(can('staff', 'inventory.manage')).toBe(false);
    expect(can('staff', 'vendors.manage')).toBe(false);
    expect(can('branch_manager', 'inventory.manage')).toBe(true);
    expect(can('branch_manager', 'vendors.manage')).toBe(true);
  });

  it('lets only a branch manager open reports and export CSV files', () => {
    expect(ROLES.filter((role) => can(role, 'reports.view'))).toEqual(['branch_manager']);
  });

  it("lets only a branch manager see the branch overview's sales and balances", () => {
    expect(ROLES.filter((role) => can(role, 'overview.view'))).toEqual(['branch_manager']);
  });

  it('gives staff a strict subset of what a branch manager may do', () => {
    const manager = held('branch_manager');
    expect(held('staff').every((permission) => manager.includes(permission))).toBe(true);
    expect(held('staff').length).toBeLessThan(manager.length);
  });

  it('keeps the super admin out of every branch: no permission a manager or staff holds', () => {
    const inBranch = new Set([...held('branch_manager'), ...held('staff')]);
    // Two-factor sign-in is the account's own, not the branch's.
    const ofAccount: Permission[] = ['twoFactor.use'];
    expect(held('super_admin').filter((p) => inBranch.has(p) && !ofAccount.includes(p))).toEqual(
      [],
    );
  });

  it('offers two-factor sign-in to super admins and managers, not to staff', () => {
    expect(ROLES.filter((role) => can(role, 'twoFactor.use'))).toEqual([
      'super_admin',
      'branch_manager',
    ]);
  });

  it('grants every permission to some role, so none guards a page nobody can open', () => {
    const granted = new Set(ROLES.flatMap(held));
    expect(PERMISSIONS.filter((permission) => !granted.has(permission))).toEqual([]);
  });

  it('refuses everything to a role it does not know', () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => !(ROLES as readonly string[]).includes(text)),
        fc.constantFrom(...PERMISSIONS),
        (role, permission) => {
          expect(isRole(role)).toBe(false);
          expect(can(role as Role, permission)).toBe(false);
        },
      ),
    );
  });
});

describe('the user sidebar', () => {
  it('shows a branch manager every link, and the super admin none', () => {
    expect(navLinksFor('branch_manager')).toEqual(NAV_LINKS);
    expect(navLinksFor('super_admin')).toEqual([]);
  });

  it('shows staff billing, inventory (to add stock) and dues; products only where they order', () => {
    expect(navLinksFor('staff').map((link) => link.label)).toEqual([
      'Billing',
      'Inventory',
      'Due Payment Report',
      'Cash Drawer',
    ]);
  });
});
