import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from './permissions';
import { APP_ROUTES } from './routes';
import { startPage } from './start-page';

const user = (role: Role, owed: Partial<{ password: boolean; twoFactor: boolean }> = {}) => ({
  role,
  mustChangePassword: owed.password ?? false,
  mustSetUpTwoFactor: owed.twoFactor ?? false,
});

describe('startPage', () => {
  it('lands a login as the spec says: super admin on /admin, branch users on the tables', () => {
    expect(startPage(user('super_admin'), 'sign-in')).toBe('/admin');
    expect(startPage(user('branch_manager'), 'sign-in')).toBe('/usersidebar/billing');
    expect(startPage(user('staff'), 'sign-in')).toBe('/usersidebar/billing');
    expect(startPage(user('kitchen'), 'sign-in')).toBe('/kitchen');
  });

  it('sends a signed-in user home to their dashboard; the kitchen account to its display', () => {
    expect(startPage(user('super_admin'), 'home')).toBe('/admin-dashboard');
    expect(startPage(user('branch_manager'), 'home')).toBe('/user-dashboard');
    expect(startPage(user('staff'), 'home')).toBe('/user-dashboard');
    expect(startPage(user('kitchen'), 'home')).toBe('/kitchen');
  });

  it('puts a step still owed first: the temporary password, then two-factor sign-in', () => {
    for (const moment of ['sign-in', 'home'] as const) {
      expect(startPage(user('branch_manager', { password: true }), moment)).toBe(
        '/change-password',
      );
      expect(startPage(user('super_admin', { password: true, twoFactor: true }), moment)).toBe(
        '/change-password',
      );
      expect(startPage(user('super_admin', { twoFactor: true }), moment)).toBe('/two-factor');
    }
  });

  it('answers a route of the app for every role and moment', () => {
    for (const role of ROLES) {
      for (const moment of ['sign-in', 'home'] as const) {
        expect(APP_ROUTES).toContain(startPage(user(role), moment));
      }
    }
  });
});
