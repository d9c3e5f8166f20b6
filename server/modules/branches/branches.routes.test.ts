import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/messages';
import { auditLog, branches, outboxMails, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PASSWORD, createBranchFixture, createSuperAdmin, loginAs } from '../../test/fixtures';

// The test clock starts at 2026-11-22T06:30:00Z: noon on 22 November 2026 in Kolkata.
const TODAY = '2026-11-22';
const NOON_IST = '2026-11-22T06:30:00Z';

let t: TestApp;
let adminEmail: string;
let admin: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  adminEmail = (await createSuperAdmin(t.database.db)).email;
});
afterAll(() => t.close());
// Tests move the clock; every test starts at noon with a fresh super admin session.
beforeEach(async () => {
  t.clock.set(NOON_IST);
  admin = await loginAs(t.app, adminEmail);
});

/** A valid Add A Branch form with a code and email no other test uses. */
function newBranch(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    branchName: `Chai Point ${seq}`,
    branchCode: `CP${process.pid}${seq}`,
    ownerName: `Priya Sharma ${seq}`,
    email: `priya${process.pid}.${seq}@chaipoint.example`,
    password: 'Temp-Pass-123',
    location: 'Koramangala, Bengaluru',
    subscriptionType: 'yearly',
    activeDate: TODAY,
    deactiveDate: '2027-11-21',
    ...overrides,
  };
}

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  cookie: string | undefined,
  payload?: object,
) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });

const create = (body: object, cookie = admin) => call('POST', '/branches', cookie, body);
const list = (search?: string) =>
  call(
    'GET',
    `/branches${search === undefined ? '' : `?search=${encodeURIComponent(search)}`}`,
    admin,
  );
/** True while the cookie's session is alive (GET /auth/session answers the user, not null). */
async function signedIn(cookie: string) {
  const response = await call('GET', '/auth/session', cookie);
  return response.statusCode === 200 && response.json() !== null;
}
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

async function rowCounts() {
  const [b] = await t.database.db.select({ n: count() }).from(branches);
  const [u] = await t.database.db.select({ n: count() }).from(users);
  const [m] = await t.database.db.select({ n: count() }).from(outboxMails);
  return { branches: b!.n, users: u!.n, mails: m!.n };
}

describe('POST /api/branches', () => {
  it('creates the branch and its manager, who must change the temporary password at first login', async () => {
    const body = newBranch({ numberOfUsers: 8, amountPaise: 699_900 });
    const response = await create(body);
    expect(response.statusCode).toBe(201);
    const branch = response.json();
    expect(branch).toMatchObject({
      code: body.branchCode,
      name: body.branchName,
      ownerName: body.ownerName,
      email: body.email,
      location: body.location,
      subscriptionType: 'yearly',
      activeDate: TODAY,
      deactiveDate: '2027-11-21',
      numberOfUsers: 8,
      amountPaise: 699_900,
      isActive: true,
      managerName: body.ownerName,
      activeStaff: 0,
      status: { state: 'active', daysLeft: 365, startsInDays: null },
    });
    expect(response.body).not.toContain(body.password);

    const [manager] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    expect(manager).toMatchObject({
      role: 'branch_manager',
      branchId: branch.id,
      name: body.ownerName,
      mustChangePassword: true,
      isActive: true,
    });
    expect(manager!.passwordHash).not.toContain(body.password);

    const signIn = await login(body.email, body.password);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({
      home: '/change-password',
      user: { role: 'branch_manager', mustChangePassword: true },
      branch: { code: body.branchCode, numberOfUsers: 8 },
    });

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, branch.id));
    expect(audit).toMatchObject([{ action: 'branch.create', entity: 'branch' }]);
  });

  it("queues a welcome mail to the manager's email that never contains the password", async () => {
    const body = newBranch({ password: 'Only-In-The-Form-42' });
    expect((await create(body)).statusCode).toBe(201);
    const mails = await t.database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.toAddress, body.email));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toContain(body.branchName);
    expect(mail!.textBody).toContain(body.branchCode);
    expect(mail!.textBody).toContain('/login');
    expect(mail!.textBody).not.toContain(body.password);
    expect(mail!.htmlBody ?? '').not.toContain(body.password);
  });

  it("says the welcome mail is only queued when no mail server is set up (the web's toast must not say sent)", async () => {
    const body = newBranch();
    const response = await create(body);
    expect(response.statusCode).toBe(201);
    expect(response.json().welcomeMail).toBe('queued');
    const [mail] = await t.database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.toAddress, body.email));
    expect(mail).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('says the welcome mail was sent when the mail server took it, and retrying when it refused', async () => {
    for (const [fails, outcome, status] of [
      [false, 'sent', 'sent'],
      [true, 'retrying', 'pending'],
    ] as const) {
      const sent: string[] = [];
      const withMail = await createTestApp({
        mailTransport: async (mail) => {
          if (fails) throw new Error('SMTP is down');
          sent.push(mail.to);
        },
      });
      try {
        const email = (await createSuperAdmin(withMail.database.db)).email;
        const body = newBranch();
        const response = await withMail.app.inject({
          method: 'POST',
          url: '/api/branches',
          headers: { cookie: await loginAs(withMail.app, email) },
          payload: body,
        });
        expect(response.statusCode).toBe(201);
        expect(response.json().welcomeMail).toBe(outcome);
        expect(sent).toEqual(fails ? [] : [body.email]);
        const [mail] = await withMail.database.db
          .select()
          .from(outboxMails)
          .where(eq(outboxMails.toAddress, body.email));
        expect(mail!.status).toBe(status);
      } finally {
        await withMail.close();
      }
    }
  });

  it('gives the branch 5 users and no amount when those optional fields are left out', async () => {
    const response = await create(newBranch());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ numberOfUsers: 5, amountPaise: null });
  });

  it('stores the branch code in capitals and the email in lower case', async () => {
    const body = newBranch();
    const response = await create({
      ...body,
      branchCode: body.branchCode.toLowerCase(),
      email: body.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ code: body.branchCode, email: body.email });
  });

  it('refuses a branch code already taken with 409 on branchCode and writes nothing', async () => {
    const first = newBranch();
    expect((await create(first)).statusCode).toBe(201);
    const before = await rowCounts();
    const response = await create(newBranch({ branchCode: first.branchCode.toLowerCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      message: 'This branch code is already taken',
      fields: { branchCode: 'This branch code is already taken' },
    });
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses an email already in use (by any account) with 409 on email and writes nothing', async () => {
    const first = newBranch();
    expect((await create(first)).statusCode).toBe(201);
    const fixture = await createBranchFixture(t.database.db);
    for (const email of [first.email, fixture.staff.email.toUpperCase()]) {
      const before = await rowCounts();
      const response = await create(newBranch({ email }));
      expect(response.statusCode).toBe(409);
      expect(response.json().error.fields).toEqual({ email: 'This email is already in use' });
      expect(await rowCounts()).toEqual(before);
    }
  });

  it("refuses a start date before today (in Kolkata) with the spec's message", async () => {
    const before = await rowCounts();
    const response = await create(newBranch({ activeDate: '2026-11-21' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.branch.startDateBeforeToday);
    expect(response.json().error.fields.activeDate).toBe(MESSAGES.branch.startDateBeforeToday);
    expect(await rowCounts()).toEqual(before);
  });

  it("takes today from Kolkata's calendar, not UTC's", async () => {
    // 23 November 00:10 in Kolkata is still 22 November in UTC: the 22nd is already the past.
    t.clock.set('2026-11-22T18:40:00Z');
    admin = await loginAs(t.app, adminEmail);
    const yesterday = await create(newBranch({ activeDate: '2026-11-22' }));
    expect(yesterday.statusCode).toBe(400);
    expect(yesterday.json().error.message).toBe(MESSAGES.branch.startDateBeforeToday);
    const today = await create(newBranch({ activeDate: '2026-11-23' }));
    expect(today.statusCode).toBe(201);
  });

  it('refuses an end date before the start date on deactiveDate', async () => {
    const response = await create(
      newBranch({ activeDate: '2026-12-10', deactiveDate: '2026-12-09' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.deactiveDate).toBe(
      'End date cannot be before the start date',
    );
  });

  it('accepts a one-day plan (end date equal to the start date)', async () => {
    const response = await create(newBranch({ subscriptionType: 'daily', deactiveDate: TODAY }));
    expect(response.statusCode).toBe(201);
    expect(response.json().status).toEqual({ state: 'active', daysLeft: 1, startsInDays: null });
  });

  it.each([
    'branchName',
    'branchCode',
    'ownerName',
    'email',
    'password',
    'location',
    'subscriptionType',
    'activeDate',
    'deactiveDate',
  ])('refuses a branch without %s, naming the field, and writes nothing', async (field) => {
    const before = await rowCounts();
    const { [field as keyof ReturnType<typeof newBranch>]: _left, ...rest } = newBranch();
    const response = await create(rest);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields)).toContain(field);
    expect(error.message).toBe(error.fields[field]);
    expect(await rowCounts()).toEqual(before);
  });

  it.each([
    ['branchName', '   '],
    ['branchCode', 'A'],
    ['branchCode', 'CP 01'],
    ['email', 'not-an-email'],
    ['password', 'short'],
    ['subscriptionType', 'weekly'],
    ['activeDate', '2026-02-30'],
    ['numberOfUsers', 0],
    ['numberOfUsers', 2.5],
    ['amountPaise', -100],
  ])('refuses %s = %j with a message on that field', async (field, value) => {
    const response = await create(newBranch({ [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBeTruthy();
  });
});

describe('GET /api/branches', () => {
  it('lists every branch, newest first, with its plan status on the server clock', async () => {
    const db = t.database.db;
    const upcoming = await createBranchFixture(db, {
      activeDate: '2026-12-02',
      deactiveDate: '2027-12-01',
    });
    const active = await createBranchFixture(db, {
      activeDate: '2026-01-01',
      deactiveDate: '2026-11-28',
    });
    const expired = await createBranchFixture(db, {
      activeDate: '2026-01-01',
      deactiveDate: '2026-11-21',
    });
    const stopped = await createBranchFixture(db, { isActive: false });

    const response = await list();
    expect(response.statusCode).toBe(200);
    const all = response.json() as { code: string; status: unknown; activeStaff: number }[];
    const byCode = new Map(all.map((b) => [b.code, b]));
    expect(byCode.get(upcoming.code)!.status).toEqual({
      state: 'not_active_yet',
      daysLeft: null,
      startsInDays: 10,
    });
    expect(byCode.get(active.code)!.status).toEqual({
      state: 'active',
      daysLeft: 7,
      startsInDays: null,
    });
    expect(byCode.get(expired.code)!.status).toEqual({
      state: 'expired',
      daysLeft: null,
      startsInDays: null,
    });
    expect(byCode.get(stopped.code)!.status).toEqual({
      state: 'deactivated',
      daysLeft: null,
      startsInDays: null,
    });
    const codes = all.map((b) => b.code);
    expect(codes.indexOf(stopped.code)).toBeLessThan(codes.indexOf(upcoming.code));
    // Each fixture has one active staff member and a kitchen account: both take a place.
    expect(byCode.get(active.code)!.activeStaff).toBe(2);
    expect(response.body).not.toMatch(/password/i);
  });

  it('finds branches by code, name, owner, email or location, case-insensitively', async () => {
    const body = newBranch({ location: 'Indiranagar, Bengaluru' });
    expect((await create(body)).statusCode).toBe(201);
    for (const search of [
      body.branchCode.toLowerCase(),
      body.branchName.toUpperCase(),
      body.ownerName,
      body.email,
      'indiranagar',
    ]) {
      const codes = (await list(search)).json().map((b: { code: string }) => b.code);
      expect(codes, search).toContain(body.branchCode);
    }
    expect((await list('no-branch-is-called-this')).json()).toEqual([]);
  });

  it('takes % and _ in a search literally', async () => {
    expect((await list('%')).json()).toEqual([]);
    expect((await list('_')).json()).toEqual([]);
  });
});

describe('PUT /api/branches/:id/plan', () => {
  it('renews an expired plan: new type, dates, users and amount, and the manager may log in again', async () => {
    const b = await createBranchFixture(t.database.db, { deactiveDate: '2026-11-21' });
    expect((await login(b.manager.email, PASSWORD)).json().error.message).toBe(
      MESSAGES.login.branchPlanExpired,
    );
    const response = await call('PUT', `/branches/${b.branchId}/plan`, admin, {
      subscriptionType: 'monthly',
      activeDate: TODAY,
      deactiveDate: '2026-12-21',
      numberOfUsers: 10,
      amountPaise: 150_000,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      subscriptionType: 'monthly',
      activeDate: TODAY,
      deactiveDate: '2026-12-21',
      numberOfUsers: 10,
      amountPaise: 150_000,
      status: { state: 'active', daysLeft: 30 },
    });
    expect((await login(b.manager.email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an end date before the start date and changes nothing', async () => {
    const b = await createBranchFixture(t.database.db);
    const response = await call('PUT', `/branches/${b.branchId}/plan`, admin, {
      subscriptionType: 'yearly',
      activeDate: '2027-01-01',
      deactiveDate: '2026-12-31',
      numberOfUsers: 5,
      amountPaise: null,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.deactiveDate).toBeTruthy();
    const [row] = await t.database.db.select().from(branches).where(eq(branches.id, b.branchId));
    expect(row!.deactiveDate).toBe('2026-12-31');
  });

  it('keeps the number of users and the amount when a renewal leaves them out', async () => {
    const b = await createBranchFixture(t.database.db, { numberOfUsers: 7 });
    await t.database.db
      .update(branches)
      .set({ amountPaise: 699_900 })
      .where(eq(branches.id, b.branchId));
    const response = await call('PUT', `/branches/${b.branchId}/plan`, admin, {
      subscriptionType: 'yearly',
      activeDate: TODAY,
      deactiveDate: '2027-11-21',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ numberOfUsers: 7, amountPaise: 699_900 });
  });

  it('refuses fewer users than the branch has active staff, naming the field', async () => {
    const b = await createBranchFixture(t.database.db, { numberOfUsers: 3 });
    await t.database.db.insert(users).values({
      role: 'staff',
      branchId: b.branchId,
      name: 'Second staff',
      email: `second-${b.code.toLowerCase()}@example.com`,
      passwordHash: 'not-a-login',
    });
    const renew = (numberOfUsers: number) =>
      call('PUT', `/branches/${b.branchId}/plan`, admin, {
        subscriptionType: 'yearly',
        activeDate: TODAY,
        deactiveDate: '2027-11-21',
        numberOfUsers,
      });
    // The fixture's staff member and kitchen account, and the second staff member.
    const refused = await renew(2);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.numberOfUsers).toMatch(/3 active staff/);
    expect((await renew(3)).statusCode).toBe(200);
  });

  it('answers 404 for a branch that does not exist', async () => {
    const response = await call(
      'PUT',
      '/branches/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/plan',
      admin,
      {
        subscriptionType: 'yearly',
        activeDate: TODAY,
        deactiveDate: '2027-11-21',
        numberOfUsers: 5,
        amountPaise: null,
      },
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('deactivate and reactivate', () => {
  it("ends the branch's sessions at once, and lets its people in again after reactivation", async () => {
    const b = await createBranchFixture(t.database.db);
    const manager = await loginAs(t.app, b.manager.email);
    const staff = await loginAs(t.app, b.staff.email);
    expect(await signedIn(manager)).toBe(true);
    expect((await call('GET', '/staff', manager)).statusCode).toBe(200);

    const off = await call('POST', `/branches/${b.branchId}/deactivate`, admin);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ isActive: false, status: { state: 'deactivated' } });
    for (const cookie of [manager, staff]) {
      expect(await signedIn(cookie)).toBe(false);
    }
    // The manager's next real call is refused too.
    expect([401, 403]).toContain((await call('GET', '/staff', manager)).statusCode);
    expect((await login(b.manager.email, PASSWORD)).statusCode).toBe(403);

    const on = await call('POST', `/branches/${b.branchId}/reactivate`, admin);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ isActive: true, status: { state: 'active' } });
    const again = await loginAs(t.app, b.manager.email);
    expect(await signedIn(again)).toBe(true);
  });

  it('leaves the sessions of other branches alone', async () => {
    const b = await createBranchFixture(t.database.db);
    const other = await createBranchFixture(t.database.db);
    const otherManager = await loginAs(t.app, other.manager.email);
    expect((await call('POST', `/branches/${b.branchId}/deactivate`, admin)).statusCode).toBe(200);
    expect(await signedIn(otherManager)).toBe(true);
    expect(await signedIn(admin)).toBe(true);
  });
});

describe('POST /api/branches/:id/reset-manager-password', () => {
  it('replaces the password with a temporary one and ends the manager’s sessions', async () => {
    const b = await createBranchFixture(t.database.db);
    const before = await loginAs(t.app, b.manager.email);
    const response = await call('POST', `/branches/${b.branchId}/reset-manager-password`, admin, {
      newPassword: 'Fresh-Temp-77',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    expect(await signedIn(before)).toBe(false);
    const old = await login(b.manager.email, PASSWORD);
    expect(old.statusCode).toBe(401);
    const fresh = await login(b.manager.email, 'Fresh-Temp-77');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({
      home: '/change-password',
      user: { mustChangePassword: true },
    });
    // Staff keep their password and their sessions.
    expect((await login(b.staff.email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a temporary password shorter than 8 characters', async () => {
    const b = await createBranchFixture(t.database.db);
    const response = await call('POST', `/branches/${b.branchId}/reset-manager-password`, admin, {
      newPassword: 'short',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.newPassword).toBe('Password must be at least 8 characters');
    expect((await login(b.manager.email, PASSWORD)).statusCode).toBe(200);
  });
});

describe('who may call the branch routes', () => {
  const routes: [method: 'GET' | 'POST' | 'PUT', url: (id: string) => string, body?: object][] = [
    ['GET', () => '/branches'],
    ['POST', () => '/branches', newBranch()],
    [
      'PUT',
      (id) => `/branches/${id}/plan`,
      {
        subscriptionType: 'yearly',
        activeDate: TODAY,
        deactiveDate: '2027-11-21',
        numberOfUsers: 5,
      },
    ],
    ['POST', (id) => `/branches/${id}/deactivate`],
    ['POST', (id) => `/branches/${id}/reactivate`],
    ['POST', (id) => `/branches/${id}/reset-manager-password`, { newPassword: 'Sneaky-Pass-1' }],
    ['GET', () => '/demo-requests'],
  ];

  it.each(routes)(
    'refuses %s %s to a branch manager and staff with 403, and to nobody with 401',
    async (method, url, body) => {
      const b = await createBranchFixture(t.database.db);
      const before = await rowCounts();
      for (const email of [b.manager.email, b.staff.email]) {
        const cookie = await loginAs(t.app, email);
        const response = await call(method, url(b.branchId), cookie, body);
        expect(response.statusCode).toBe(403);
        expect(response.json().error.message).toBe(MESSAGES.auth.notAllowed);
      }
      expect((await call(method, url(b.branchId), undefined, body)).statusCode).toBe(401);
      expect(await rowCounts()).toEqual(before);
      const [row] = await t.database.db.select().from(branches).where(eq(branches.id, b.branchId));
      expect(row!.isActive).toBe(true);
      expect((await login(b.manager.email, PASSWORD)).statusCode).toBe(200);
    },
  );
});

describe('pricing plans on a branch', () => {
  it("takes a pricing plan's users, price and subscription type when the form leaves them out, and lists the plan", async () => {
    const { subscriptionType: _custom, ...body } = newBranch({
      plan: 'super',
      deactiveDate: '2027-05-21',
    });
    const response = await create(body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      plan: 'super',
      subscriptionType: 'monthly',
      numberOfUsers: 10,
      amountPaise: 379_900,
    });
    const listed = (await list(body.branchCode)).json();
    expect(listed).toMatchObject([{ code: body.branchCode, plan: 'super' }]);
  });

  it('keeps a custom deal without a plan, and asks for a plan or a type when neither is given', async () => {
    expect((await create(newBranch())).json().plan).toBeNull();
    const { subscriptionType: _none, ...neither } = newBranch();
    const refused = await create(neither);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.subscriptionType).toBe(
      'Choose a plan or a subscription type',
    );
  });

  it('renews a pricing plan into a custom deal and back', async () => {
    const b = await createBranchFixture(t.database.db);
    const renew = (body: object) => call('PUT', `/branches/${b.branchId}/plan`, admin, body);
    const dates = { activeDate: TODAY, deactiveDate: '2027-11-21' };
    expect((await renew({ plan: 'premium', ...dates })).json()).toMatchObject({
      plan: 'premium',
      subscriptionType: 'yearly',
    });
    expect((await renew({ subscriptionType: 'monthly', ...dates })).json()).toMatchObject({
      plan: null,
      subscriptionType: 'monthly',
    });
  });
});

describe('what a refused branch says', () => {
  it('says an empty branch code is required, not that it is too short', async () => {
    const response = await create(newBranch({ branchCode: '  ' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.branchCode).toBe('Branch code is required');
  });

  it('names both a taken code and a taken email, each under its own field', async () => {
    const first = newBranch();
    expect((await create(first)).statusCode).toBe(201);
    const response = await create(newBranch({ branchCode: first.branchCode, email: first.email }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fields).toEqual({
      branchCode: 'This branch code is already taken',
      email: 'This email is already in use',
    });
  });
});

describe('the welcome mail', () => {
  it('writes the plan and its dates as people read them, one paragraph per line', async () => {
    const { subscriptionType: _custom, ...body } = newBranch({
      plan: 'basic',
      deactiveDate: '2027-02-21',
    });
    expect((await create(body)).statusCode).toBe(201);
    const [mail] = await t.database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.toAddress, body.email));
    expect(mail!.textBody).toContain('Plan: Basic, from 22 Nov 2026 to 21 Feb 2027');
    expect(mail!.textBody).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // Every line ends a sentence (or is a greeting or blank): none stops mid-sentence.
    for (const line of mail!.textBody.split('\n')) expect(line).toMatch(/(^|[.,:!?])$/);
  });
});

describe('the audit trail', () => {
  it('records every plan change, deactivation, reactivation and manager password reset with the admin who made it', async () => {
    const b = await createBranchFixture(t.database.db);
    const [adminRow] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, adminEmail));
    const url = `/branches/${b.branchId}`;
    await call('PUT', `${url}/plan`, admin, {
      plan: 'super',
      activeDate: TODAY,
      deactiveDate: '2027-05-21',
    });
    await call('POST', `${url}/deactivate`, admin);
    await call('POST', `${url}/deactivate`, admin); // no change, no entry
    await call('POST', `${url}/reactivate`, admin);
    await call('POST', `${url}/reset-manager-password`, admin, { newPassword: 'Fresh-Temp-77' });

    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.branchId, b.branchId))
      .orderBy(auditLog.id);
    expect(trail.map((row) => row.action)).toEqual([
      'branch.plan_change',
      'branch.deactivate',
      'branch.activate',
      'user.password_reset',
    ]);
    expect(trail.every((row) => row.userId === adminRow!.id)).toBe(true);
    expect(trail[0]!.data).toMatchObject({
      from: { plan: null, subscriptionType: 'yearly' },
      to: { plan: 'super', subscriptionType: 'monthly', deactiveDate: '2027-05-21' },
    });
    expect(trail[3]!.entityId).toBe(b.manager.id);
    expect(JSON.stringify(trail)).not.toContain('Fresh-Temp-77');
  });

  it('writes no audit entry for a plan change that was refused', async () => {
    const b = await createBranchFixture(t.database.db, { numberOfUsers: 3 });
    await t.database.db.insert(users).values({
      role: 'staff',
      branchId: b.branchId,
      name: 'Second staff',
      email: `second-${b.code.toLowerCase()}@example.com`,
      passwordHash: 'not-a-login',
    });
    const response = await call('PUT', `/branches/${b.branchId}/plan`, admin, {
      subscriptionType: 'yearly',
      activeDate: TODAY,
      deactiveDate: '2027-11-21',
      numberOfUsers: 1,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('branches.users_below_active_staff');
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.branchId, b.branchId));
    expect(trail).toEqual([]);
  });
});
