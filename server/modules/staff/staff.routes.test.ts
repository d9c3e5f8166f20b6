import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/messages';
import { auditLog, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PASSWORD, createBranchFixture, createSuperAdmin, loginAs } from '../../test/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (cookie: string | null, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
const login = (email: string, password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const session = (cookie: string) => call(cookie, 'GET', '/auth/session');
/** /auth/session answers null (200) when the cookie no longer belongs to a session. */
const hasSession = async (cookie: string) => {
  const response = await session(cookie);
  return response.statusCode === 200 && response.json() !== null;
};

let counter = 0;
/** A valid new staff member; each call gets its own email. */
const newStaff = (overrides: Record<string, unknown> = {}) => ({
  name: 'Meera Iyer',
  email: `meera${process.pid}-${++counter}@example.com`,
  password: 'Temp-pass-123',
  activeDate: '2026-11-22',
  deactiveDate: '2027-11-21',
  ...overrides,
});

const BRANCH_END = '2027-12-31';
/**
 * A branch (limit `numberOfUsers`, plan until BRANCH_END) and its signed-in manager. Its one
 * account on the Staff screen is its staff member: the fixture's kitchen account is removed
 * unless `kitchen` (kitchen accounts have their own tests below).
 */
async function managerOf(
  options: Parameters<typeof createBranchFixture>[1] = {},
  { kitchen = false } = {},
) {
  const branch = await createBranchFixture(t.database.db, {
    deactiveDate: BRANCH_END,
    ...options,
  });
  if (!kitchen) await t.database.db.delete(users).where(eq(users.id, branch.kitchen.id));
  return { branch, cookie: await loginAs(t.app, branch.manager.email) };
}

describe('adding staff', () => {
  it('adds a staff member who logs in and must change the temporary password first', async () => {
    const { cookie } = await managerOf();
    const body = newStaff({ email: `  Meera.NEW${process.pid}@Example.com ` });
    const created = await call(cookie, 'POST', '/staff', body);
    expect(created.statusCode).toBe(201);
    const member = created.json();
    expect(member).toMatchObject({
      name: 'Meera Iyer',
      email: `meera.new${process.pid}@example.com`,
      isActive: true,
      activeDate: '2026-11-22',
      deactiveDate: '2027-11-21',
      mustChangePassword: true,
    });
    expect(Object.keys(member)).not.toContain('passwordHash');
    expect(created.body).not.toMatch(/Temp-pass-123|argon2/);

    const signedIn = await login(member.email, 'Temp-pass-123');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ home: '/change-password', user: { role: 'staff' } });
  });

  it('lists the branch staff with the user limit and the active count', async () => {
    const { cookie } = await managerOf({ numberOfUsers: 4 });
    await call(cookie, 'POST', '/staff', newStaff({ name: 'Aarav Shah' }));
    const list = await call(cookie, 'GET', '/staff');
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.numberOfUsers).toBe(4);
    expect(body.activeCount).toBe(2);
    // Sorted by name: the new member, then the fixture's 'Staff …'.
    expect(body.items.map((s: { name: string }) => s.name)).toEqual([
      'Aarav Shah',
      expect.stringMatching(/^Staff /),
    ]);
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|argon2/);
  });

  it('answers 409 with a message when the branch would exceed its number of users', async () => {
    const { cookie } = await managerOf({ numberOfUsers: 2 });
    expect((await call(cookie, 'POST', '/staff', newStaff())).statusCode).toBe(201);
    const third = newStaff({ name: 'One Too Many' });
    const refused = await call(cookie, 'POST', '/staff', third);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('staff.limit_reached');
    expect(refused.json().error.message).toMatch(/allows 2 active staff/);
    const stored = await t.database.db.select().from(users).where(eq(users.email, third.email));
    expect(stored).toEqual([]);
    const list = (await call(cookie, 'GET', '/staff')).json();
    expect(list.activeCount).toBe(2);
    expect(list.items).toHaveLength(2);
  });

  it('gives the last place to only one of two managers adding staff at the same moment', async () => {
    const { cookie } = await managerOf({ numberOfUsers: 2 });
    const answers = await Promise.all([
      call(cookie, 'POST', '/staff', newStaff()),
      call(cookie, 'POST', '/staff', newStaff()),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect((await call(cookie, 'GET', '/staff')).json().activeCount).toBe(2);
  });

  it('refuses an email that is already in use, naming the field', async () => {
    const { branch, cookie } = await managerOf();
    const taken = await call(cookie, 'POST', '/staff', newStaff({ email: branch.manager.email }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.email).toBeTruthy();
  });

  it.each([
    ['email', { email: 'not-an-email' }, /valid email/],
    ['password', { password: 'short' }, /at least 8/],
    ['name', { name: '   ' }, /Name is required/],
    ['activeDate', { activeDate: '2026-02-30' }, /Start date must be a date/],
    ['deactiveDate', { deactiveDate: '2026-11-21' }, /End date cannot be before the start date/],
  ])('refuses bad input with 400 naming the field: %s', async (field, overrides, message) => {
    const { cookie } = await managerOf();
    const body = newStaff(overrides);
    const refused = await call(cookie, 'POST', '/staff', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields[field]).toMatch(message);
    expect(await t.database.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
  });
});

describe('activating and deactivating', () => {
  it('ends the sessions of a deactivated staff member, who can no longer log in', async () => {
    const { branch, cookie } = await managerOf();
    const staffCookie = await loginAs(t.app, branch.staff.email);
    expect(await hasSession(staffCookie)).toBe(true);

    const off = await call(cookie, 'PATCH', `/staff/${branch.staff.id}`, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().isActive).toBe(false);

    // Their very next call is refused with the spec's message, and that session is gone.
    const next = await call(staffCookie, 'GET', '/auth/session');
    expect(next.statusCode).toBe(403);
    expect(next.json().error.message).toBe(MESSAGES.login.subuserInactive);
    expect(await hasSession(staffCookie)).toBe(false);
    const refused = await login(branch.staff.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MESSAGES.login.subuserInactive);
    expect((await call(cookie, 'GET', '/staff')).json().activeCount).toBe(0);
  });

  it('reactivates within the limit, and refuses with 409 beyond it', async () => {
    const { branch, cookie } = await managerOf({ numberOfUsers: 1 });
    const idleCookie = await loginAs(t.app, branch.staff.email);
    await call(cookie, 'PATCH', `/staff/${branch.staff.id}`, { isActive: false });
    const other = await call(cookie, 'POST', '/staff', newStaff());
    expect(other.statusCode).toBe(201);

    const beyond = await call(cookie, 'PATCH', `/staff/${branch.staff.id}`, { isActive: true });
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().error.code).toBe('staff.limit_reached');
    expect((await call(cookie, 'GET', '/staff')).json().activeCount).toBe(1);

    await call(cookie, 'PATCH', `/staff/${other.json().id}`, { isActive: false });
    const back = await call(cookie, 'PATCH', `/staff/${branch.staff.id}`, { isActive: true });
    expect(back.statusCode).toBe(200);
    expect(back.json().isActive).toBe(true);
    expect((await login(branch.staff.email)).statusCode).toBe(200);
    // A session from before the deactivation, never used since, does not come back.
    expect(await hasSession(idleCookie)).toBe(false);
  });

  it('renames and sets plan dates; an end date before the start date names the field', async () => {
    const { branch, cookie } = await managerOf();
    const url = `/staff/${branch.staff.id}`;
    const changed = await call(cookie, 'PATCH', url, {
      name: 'Renamed Staff',
      activeDate: '2026-12-01',
      deactiveDate: '2027-05-31',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Renamed Staff',
      activeDate: '2026-12-01',
      deactiveDate: '2027-05-31',
    });
    // A plan that starts later keeps them out until then.
    expect((await login(branch.staff.email)).json().error.message).toBe(
      MESSAGES.login.subuserPlanNotActive,
    );

    const both = await call(cookie, 'PATCH', url, {
      activeDate: '2027-01-10',
      deactiveDate: '2027-01-01',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.fields.deactiveDate).toMatch(/before the start date/);
    // Only the end date sent, before the stored start date.
    const endOnly = await call(cookie, 'PATCH', url, { deactiveDate: '2026-11-30' });
    expect(endOnly.statusCode).toBe(400);
    expect(endOnly.json().error.fields.deactiveDate).toMatch(/before the start date/);
    expect((await call(cookie, 'GET', '/staff')).json().items[0]).toMatchObject({
      activeDate: '2026-12-01',
      deactiveDate: '2027-05-31',
    });
  });
});

describe('resetting a password', () => {
  it('sets a temporary password: the old one fails, the new one must be changed', async () => {
    const { branch, cookie } = await managerOf();
    const staffCookie = await loginAs(t.app, branch.staff.email);
    const reset = await call(cookie, 'POST', `/staff/${branch.staff.id}/reset-password`, {
      newPassword: 'Temporary-42',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ ok: true });

    expect(await hasSession(staffCookie)).toBe(false);
    expect((await login(branch.staff.email)).statusCode).toBe(401);
    const signedIn = await login(branch.staff.email, 'Temporary-42');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().home).toBe('/change-password');
    const list = (await call(cookie, 'GET', '/staff')).json();
    expect(list.items[0].mustChangePassword).toBe(true);
  });

  it('refuses a temporary password shorter than 8 characters', async () => {
    const { branch, cookie } = await managerOf();
    const short = await call(cookie, 'POST', `/staff/${branch.staff.id}/reset-password`, {
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.newPassword).toMatch(/at least 8/);
    expect((await login(branch.staff.email)).statusCode).toBe(200);
  });
});

describe('who may manage staff', () => {
  it("answers 404 for another branch's staff member, as if it did not exist", async () => {
    const a = await managerOf();
    const b = await createBranchFixture(t.database.db);
    const patch = await call(a.cookie, 'PATCH', `/staff/${b.staff.id}`, { isActive: false });
    expect(patch.statusCode).toBe(404);
    const reset = await call(a.cookie, 'POST', `/staff/${b.staff.id}/reset-password`, {
      newPassword: 'Temporary-42',
    });
    expect(reset.statusCode).toBe(404);
    const missing = await call(a.cookie, 'PATCH', `/staff/${a.branch.manager.id}`, {
      isActive: false,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(patch.json().error.message);
    // Branch B's staff member is untouched.
    expect((await login(b.staff.email)).statusCode).toBe(200);
    const list = (await call(a.cookie, 'GET', '/staff')).json();
    expect(list.items.map((s: { id: string }) => s.id)).toEqual([a.branch.staff.id]);
  });

  it('answers 400 for an id that is not a UUID', async () => {
    const { cookie } = await managerOf();
    const response = await call(cookie, 'PATCH', '/staff/not-a-uuid', { isActive: false });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.id).toBeTruthy();
  });

  it('refuses staff and the super admin with 403', async () => {
    const branch = await createBranchFixture(t.database.db);
    const admin = await createSuperAdmin(t.database.db);
    for (const email of [branch.staff.email, admin.email]) {
      const cookie = await loginAs(t.app, email);
      const list = await call(cookie, 'GET', '/staff');
      expect(list.statusCode).toBe(403);
      expect(list.json().error.message).toBe(MESSAGES.auth.notAllowed);
      const add = await call(cookie, 'POST', '/staff', newStaff());
      expect(add.statusCode).toBe(403);
      const patch = await call(cookie, 'PATCH', `/staff/${branch.staff.id}`, { isActive: false });
      expect(patch.statusCode).toBe(403);
    }
  });

  it('refuses a call without a session with 401', async () => {
    const branch = await createBranchFixture(t.database.db);
    expect((await call(null, 'GET', '/staff')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/staff', newStaff())).statusCode).toBe(401);
    const reset = await call(null, 'POST', `/staff/${branch.staff.id}/reset-password`, {
      newPassword: 'Temporary-42',
    });
    expect(reset.statusCode).toBe(401);
  });
});

describe("staff dates within the branch's plan", () => {
  it("refuses an end date after the branch plan's last day, naming the field, and accepts that day", async () => {
    const { cookie } = await managerOf();
    const late = await call(cookie, 'POST', '/staff', newStaff({ deactiveDate: '2028-01-01' }));
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toMatchObject({
      code: 'staff.end_after_branch_plan',
      fields: {
        deactiveDate: "End date cannot be after 31 Dec 2027, the last day of the branch's plan",
      },
    });
    expect((await call(cookie, 'GET', '/staff')).json().items).toHaveLength(1);
    const lastDay = await call(cookie, 'POST', '/staff', newStaff({ deactiveDate: BRANCH_END }));
    expect(lastDay.statusCode).toBe(201);
  });

  it("refuses new dates past the branch's plan, and leaves other changes to older dates alone", async () => {
    const { branch, cookie } = await managerOf({
      staff: { activeDate: '2026-01-01', deactiveDate: '2028-06-30' },
    });
    const url = `/staff/${branch.staff.id}`;
    const moved = await call(cookie, 'PATCH', url, { deactiveDate: '2028-01-31' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.fields.deactiveDate).toMatch(/31 Dec 2027/);
    // Renaming someone whose dates were set before the branch plan shrank still works.
    expect((await call(cookie, 'PATCH', url, { name: 'Still Here' })).statusCode).toBe(200);
  });

  it("lists the branch plan's dates with the staff, for the forms' defaults", async () => {
    const { cookie } = await managerOf({ activeDate: '2026-02-01' });
    expect((await call(cookie, 'GET', '/staff')).json().branchPlan).toEqual({
      activeDate: '2026-02-01',
      deactiveDate: BRANCH_END,
    });
  });
});

describe('the audit trail of staff changes', () => {
  it('records deactivation, activation, plan dates and password resets with the manager who made them', async () => {
    const { branch, cookie } = await managerOf();
    const url = `/staff/${branch.staff.id}`;
    await call(cookie, 'PATCH', url, { isActive: false });
    await call(cookie, 'PATCH', url, { isActive: false }); // already off: nothing to record
    await call(cookie, 'PATCH', url, { isActive: true });
    await call(cookie, 'PATCH', url, { activeDate: '2026-12-01', deactiveDate: '2027-05-31' });
    await call(cookie, 'PATCH', url, { name: 'Only A Rename' });
    await call(cookie, 'POST', `${url}/reset-password`, { newPassword: 'Fresh-Temp-77' });

    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, branch.staff.id))
      .orderBy(auditLog.id);
    expect(trail.map((row) => row.action)).toEqual([
      'staff.deactivate',
      'staff.activate',
      'staff.plan_change',
      'user.password_reset',
    ]);
    expect(trail.every((row) => row.userId === branch.manager.id)).toBe(true);
    expect(trail.every((row) => row.branchId === branch.branchId)).toBe(true);
    expect(trail[2]!.data).toEqual({
      from: { activeDate: '2026-01-01', deactiveDate: '2026-12-31' },
      to: { activeDate: '2026-12-01', deactiveDate: '2027-05-31' },
    });
  });

  it('writes no entry when the change is refused', async () => {
    const { branch, cookie } = await managerOf();
    const url = `/staff/${branch.staff.id}`;
    const refused = await call(cookie, 'PATCH', url, { deactiveDate: '2030-01-01' });
    expect(refused.statusCode).toBe(400);
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, branch.staff.id));
    expect(trail).toEqual([]);
  });
});

describe('kitchen display accounts', () => {
  it('the manager adds a kitchen account: listed with its role, it signs in to the kitchen display only', async () => {
    const { cookie } = await managerOf();
    const body = newStaff({ name: 'Kitchen tablet', role: 'kitchen' });
    const created = await call(cookie, 'POST', '/staff', body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ role: 'kitchen', mustChangePassword: true });
    const list = (await call(cookie, 'GET', '/staff')).json();
    expect(list.items.map((s: { name: string; role: string }) => `${s.name}:${s.role}`)).toEqual([
      'Kitchen tablet:kitchen',
      expect.stringMatching(/^Staff .*:staff$/),
    ]);
    const signedIn = await login(body.email as string, 'Temp-pass-123');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ user: { role: 'kitchen' } });
    const added = newStaff();
    expect(created.json().role).toBe('kitchen');
    // Left out: staff.
    const plain = await call(cookie, 'POST', '/staff', added);
    expect(plain.json()).toMatchObject({ role: 'staff' });
  });

  it('refuses a role other than staff or kitchen, naming the field', async () => {
    const { cookie } = await managerOf();
    for (const role of ['branch_manager', 'super_admin', 'chef', 5]) {
      const response = await call(cookie, 'POST', '/staff', newStaff({ role }));
      expect(response.statusCode, String(role)).toBe(400);
      expect(Object.keys(response.json().error.fields)).toEqual(['role']);
    }
  });

  it("kitchen accounts take a place of the branch's number of users, like staff", async () => {
    const { branch, cookie } = await managerOf({ numberOfUsers: 2 }, { kitchen: true });
    // The fixture's staff member and kitchen account fill both places.
    const list = (await call(cookie, 'GET', '/staff')).json();
    expect(list.activeCount).toBe(2);
    const refused = await call(cookie, 'POST', '/staff', newStaff({ role: 'kitchen' }));
    expect(refused.statusCode).toBe(409);
    const staffRefused = await call(cookie, 'POST', '/staff', newStaff());
    expect(staffRefused.statusCode).toBe(409);
    // Deactivating the kitchen account frees its place.
    const off = await call(cookie, 'PATCH', `/staff/${branch.kitchen.id}`, { isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ role: 'kitchen', isActive: false });
    expect((await call(cookie, 'POST', '/staff', newStaff({ role: 'kitchen' }))).statusCode).toBe(
      201,
    );
    const admin = await createSuperAdmin(t.database.db);
    const adminCookie = await loginAs(t.app, admin.email);
    const branches = (await call(adminCookie, 'GET', '/branches')).json() as {
      code: string;
      activeStaff: number;
    }[];
    expect(branches.find((b) => b.code === branch.code)!.activeStaff).toBe(2);
  });

  it('a kitchen account reaches the kitchen display and nothing else of the branch', async () => {
    const { branch } = await managerOf({}, { kitchen: true });
    const kitchen = await loginAs(t.app, branch.kitchen.email);
    const get = (url: string) => call(kitchen, 'GET', url);
    for (const url of ['/staff', '/tables', '/tables/sections', '/products', '/inventory']) {
      expect((await get(url)).statusCode, url).toBe(403);
    }
    expect((await call(kitchen, 'POST', '/tables', { label: 'K1' })).statusCode).toBe(403);
    const session = (await get('/auth/session')).json();
    expect(session.user.role).toBe('kitchen');
  });
});
