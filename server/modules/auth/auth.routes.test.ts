import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/messages';
import { branches, loginAttempts, outboxMails, sessions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  PASSWORD,
  createBranchFixture,
  createSuperAdmin,
  loginAs,
  nextTestCode,
} from '../../test/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password = PASSWORD, rememberMe = false, ip = '10.1.1.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, rememberMe },
    remoteAddress: ip,
  });
const session = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
const NOON_IST = '2026-11-22T06:30:00Z';

/** The second step of a fixture super admin's login (two-factor sign-in, TEST_TOTP_SECRET). */
async function secondStep(first: { cookies: { name: string; value: string }[] }, email: string) {
  const pending = first.cookies.find((c) => c.name === 'tf_pending')!;
  const device = first.cookies.find((c) => c.name === 'tf_device');
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login/two-factor',
    headers: {
      cookie: [pending, device]
        .filter(Boolean)
        .map((c) => `${c!.name}=${c!.value}`)
        .join('; '),
    },
    payload: { code: nextTestCode(t.app, email) },
  });
}

describe('login', () => {
  it('signs a super admin in, after the code, with an HttpOnly SameSite=Lax browser-session cookie', async () => {
    const admin = await createSuperAdmin(t.database.db);
    const first = await login(admin.email.toUpperCase());
    expect(first.json()).toEqual({ twoFactorRequired: true });
    const response = await secondStep(first, admin.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user: { role: 'super_admin' },
      home: '/admin',
      branch: null,
    });
    const cookie = response.cookies.find((c) => c.name === 'tf_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.maxAge).toBeUndefined();
    expect(response.body).not.toContain('passwordHash');
  });

  it('keeps the cookie for 30 days with Remember Me', async () => {
    const admin = await createSuperAdmin(t.database.db);
    const response = await secondStep(await login(admin.email, PASSWORD, true), admin.email);
    const cookie = response.cookies.find((c) => c.name === 'tf_session')!;
    expect(cookie.maxAge).toBe(30 * 24 * 60 * 60);
  });

  it('sends a branch manager and staff to billing with their branch', async () => {
    const b = await createBranchFixture(t.database.db);
    for (const email of [b.manager.email, b.staff.email]) {
      const response = await login(email);
      expect(response.statusCode).toBe(200);
      expect(response.json().home).toBe('/usersidebar/billing');
      expect(response.json().branch.code).toBe(b.code);
    }
  });

  it('says the same for an unknown email and a wrong password', async () => {
    const b = await createBranchFixture(t.database.db);
    const wrong = await login(b.manager.email, 'not-the-password');
    const unknown = await login('nobody@example.com');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe('Invalid credentials. Please try again.');
    }
  });

  it('names the missing field when email or password is absent', async () => {
    const response = await login('', '');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
  });

  it('sends a manager on first login to /change-password and refuses other calls until done', async () => {
    const b = await createBranchFixture(t.database.db, { managerMustChangePassword: true });
    const response = await login(b.manager.email);
    expect(response.json().home).toBe('/change-password');
    const cookie = `tf_session=${response.cookies.find((c) => c.name === 'tf_session')!.value}`;
    const staff = await t.app.inject({ method: 'GET', url: '/api/staff', headers: { cookie } });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().error.code).toBe('auth.password_change_required');

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { currentPassword: PASSWORD, newPassword: 'A-brand-new-one-1' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().home).toBe('/usersidebar/billing');
    const after = await t.app.inject({ method: 'GET', url: '/api/staff', headers: { cookie } });
    expect(after.statusCode).toBe(200);
  });
});

describe('plan and account messages (spec section 8)', () => {
  const cases: {
    name: string;
    setup: Parameters<typeof createBranchFixture>[1];
    who: 'manager' | 'staff';
    message: string;
  }[] = [
    {
      name: 'branch plan not active yet',
      setup: { activeDate: '2026-12-01' },
      who: 'manager',
      message: MESSAGES.login.branchPlanNotActive,
    },
    {
      name: 'branch plan expired',
      setup: { deactiveDate: '2026-11-21' },
      who: 'manager',
      message: MESSAGES.login.branchPlanExpired,
    },
    {
      name: 'deactivated branch (manager)',
      setup: { isActive: false },
      who: 'manager',
      message: MESSAGES.login.noUserFound,
    },
    {
      name: 'staff inactive',
      setup: { staff: { isActive: false } },
      who: 'staff',
      message: MESSAGES.login.subuserInactive,
    },
    {
      name: 'staff plan not active',
      setup: { staff: { activeDate: '2026-11-23', deactiveDate: '2026-12-31' } },
      who: 'staff',
      message: MESSAGES.login.subuserPlanNotActive,
    },
    {
      name: 'staff plan expired',
      setup: { staff: { activeDate: '2026-01-01', deactiveDate: '2026-11-21' } },
      who: 'staff',
      message: MESSAGES.login.subuserPlanExpired,
    },
    {
      name: 'staff of a deactivated branch',
      setup: { isActive: false },
      who: 'staff',
      message: MESSAGES.login.associatedBranchNotFound,
    },
    {
      name: 'staff of a branch whose plan has not started',
      setup: { activeDate: '2026-12-01' },
      who: 'staff',
      message: MESSAGES.login.subuserBranchPlanNotActive,
    },
    {
      name: 'staff of a branch whose plan expired',
      setup: { deactiveDate: '2026-11-21' },
      who: 'staff',
      message: MESSAGES.login.subuserBranchPlanExpired,
    },
  ];
  it.each(cases)('refuses login with the exact message: $name', async ({ setup, who, message }) => {
    t.clock.set(NOON_IST);
    const b = await createBranchFixture(t.database.db, setup);
    const response = await login(b[who].email);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(message);
  });

  it('treats plan dates as inclusive business dates in the branch time zone', async () => {
    const b = await createBranchFixture(t.database.db, { deactiveDate: '2026-11-22' });
    t.clock.set('2026-11-22T18:29:00Z'); // 23:59 in Kolkata: still the last day
    expect((await login(b.manager.email)).statusCode).toBe(200);
    t.clock.set('2026-11-22T18:31:00Z'); // 00:01 on the 23rd in Kolkata: expired
    expect((await login(b.manager.email)).json().error.message).toBe(
      MESSAGES.login.branchPlanExpired,
    );
    t.clock.set(NOON_IST);
  });

  it('refuses the next call with the plan message when the plan ends mid-session', async () => {
    t.clock.set('2026-11-22T18:20:00Z'); // 23:50 in Kolkata, the plan's last day
    const b = await createBranchFixture(t.database.db, { deactiveDate: '2026-11-22' });
    const cookie = await loginAs(t.app, b.staff.email);
    expect((await session(cookie)).json()).not.toBeNull();
    t.clock.set('2026-11-22T18:35:00Z'); // 00:05, the next day
    const refused = await session(cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MESSAGES.login.subuserBranchPlanExpired);
    // The session ended with it: even back in time it is gone.
    t.clock.set(NOON_IST);
    expect((await session(cookie)).json()).toBeNull();
  });

  it("leaves the plan message to the app's next call when the live events stream is refused first", async () => {
    t.clock.set('2026-11-22T18:20:00Z');
    const b = await createBranchFixture(t.database.db, { deactiveDate: '2026-11-22' });
    const cookie = await loginAs(t.app, b.manager.email);
    t.clock.set('2026-11-22T18:35:00Z');
    // An EventSource cannot read its refusal: neither the session nor its cookie ends there.
    const stream = await t.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { cookie, accept: 'text/event-stream' },
    });
    expect(stream.statusCode).toBe(403);
    expect(stream.cookies).toEqual([]);
    const refused = await session(cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MESSAGES.login.branchPlanExpired);
    expect(refused.cookies.find((c) => c.name === 'tf_session')?.value).toBe('');
    t.clock.set(NOON_IST);
    expect((await session(cookie)).json()).toBeNull();
  });
});

describe('sessions', () => {
  it('ends a session after 30 minutes without activity, and activity keeps it alive', async () => {
    t.clock.set(NOON_IST);
    const b = await createBranchFixture(t.database.db);
    const cookie = await loginAs(t.app, b.manager.email);
    t.clock.advance(29 * 60_000);
    expect((await session(cookie)).json()).not.toBeNull();
    t.clock.advance(29 * 60_000);
    expect((await session(cookie)).json()).not.toBeNull();
    t.clock.advance(31 * 60_000);
    const ended = await session(cookie);
    expect(ended.json()).toBeNull();
    const staff = await t.app.inject({ method: 'GET', url: '/api/staff', headers: { cookie } });
    expect(staff.statusCode).toBe(401);
    t.clock.set(NOON_IST);
  });

  it('ends a plain session after 12 hours even when active', async () => {
    t.clock.set(NOON_IST);
    const b = await createBranchFixture(t.database.db);
    const cookie = await loginAs(t.app, b.manager.email);
    for (let i = 0; i < 25; i++) {
      t.clock.advance(29 * 60_000);
      await session(cookie);
    }
    expect((await session(cookie)).json()).toBeNull();
    t.clock.set(NOON_IST);
  });

  it("sweeps a user's dead sessions at their next login", async () => {
    t.clock.set(NOON_IST);
    const b = await createBranchFixture(t.database.db);
    await loginAs(t.app, b.manager.email);
    t.clock.advance(31 * 60_000);
    await loginAs(t.app, b.manager.email);
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, b.manager.id));
    expect(rows).toHaveLength(1);
    t.clock.set(NOON_IST);
  });

  it('logs out and the cookie no longer works', async () => {
    const b = await createBranchFixture(t.database.db);
    const cookie = await loginAs(t.app, b.manager.email);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
    });
    expect(out.statusCode).toBe(200);
    expect((await session(cookie)).json()).toBeNull();
  });

  it('stores only a hash of the session token', async () => {
    const b = await createBranchFixture(t.database.db);
    const cookie = await loginAs(t.app, b.manager.email);
    const token = cookie.split('=')[1]!;
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('ends the other sessions of a user who changes the password', async () => {
    const b = await createBranchFixture(t.database.db);
    const phone = await loginAs(t.app, b.manager.email);
    const laptop = await loginAs(t.app, b.manager.email);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: laptop },
      payload: { currentPassword: PASSWORD, newPassword: 'Another-secret-22' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await session(laptop)).json()).not.toBeNull();
    expect((await session(phone)).json()).toBeNull();
    expect((await login(b.manager.email, 'Another-secret-22')).statusCode).toBe(200);
  });

  it('refuses a new password shorter than 8 characters or a wrong current password', async () => {
    const b = await createBranchFixture(t.database.db);
    const cookie = await loginAs(t.app, b.manager.email);
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { currentPassword: PASSWORD, newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.newPassword).toMatch(/at least 8/);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { currentPassword: 'nope-nope', newPassword: 'Long-enough-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.currentPassword).toBeTruthy();
  });

  it('refuses a mutating call from another site (CSRF)', async () => {
    const b = await createBranchFixture(t.database.db);
    const cookie = await loginAs(t.app, b.manager.email);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const otherOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'https://evil.example', host: 'pos.example' },
    });
    expect(otherOrigin.statusCode).toBe(403);
    expect((await session(cookie)).statusCode).toBe(200);
  });
});

describe('login throttling', () => {
  const deviceCookieOf = (response: { cookies: { name: string; value: string }[] }) =>
    `tf_device=${response.cookies.find((c) => c.name === 'tf_device')!.value}`;
  const loginWith = (email: string, password: string, ip: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: ip,
      ...(cookie ? { headers: { cookie } } : {}),
    });

  it('locks one account from one address for 15 minutes after 5 failures, without saying which field was wrong', async () => {
    t.clock.set(NOON_IST);
    const b = await createBranchFixture(t.database.db);
    for (let i = 0; i < 5; i++) {
      const failed = await login(b.manager.email, 'guess-' + i, false, '10.2.0.1');
      expect(failed.statusCode).toBe(401);
      expect(failed.json().error.fields).toBeUndefined();
    }
    const locked = await login(b.manager.email, PASSWORD, false, '10.2.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe(MESSAGES.login.tooManyAttempts);
    t.clock.advance(15 * 60_000 + 1);
    expect((await login(b.manager.email, PASSWORD, false, '10.2.0.1')).statusCode).toBe(200);
    t.clock.set(NOON_IST);
  });

  it('only slows an account down for failures from many addresses, by a growing delay', async () => {
    t.clock.set(NOON_IST);
    const b = await createBranchFixture(t.database.db);
    for (let i = 0; i < 5; i++) {
      expect((await login(b.manager.email, 'guess', false, `10.4.0.${i}`)).statusCode).toBe(401);
    }
    // Five failures: the next attempt, from anywhere, waits 1 s after the previous one.
    expect((await login(b.manager.email, PASSWORD, false, '10.4.1.1')).statusCode).toBe(429);
    t.clock.advance(1000);
    expect((await login(b.manager.email, 'guess', false, '10.4.0.9')).statusCode).toBe(401);
    // Six failures: 2 s.
    t.clock.advance(1999);
    expect((await login(b.manager.email, PASSWORD, false, '10.4.1.1')).statusCode).toBe(429);
    t.clock.advance(1);
    expect((await login(b.manager.email, PASSWORD, false, '10.4.1.1')).statusCode).toBe(200);
    t.clock.set(NOON_IST);
  });

  for (const who of ['branch manager', 'super admin'] as const) {
    it(`keeps a ${who}'s device that signed in before working while strangers fail on the account`, async () => {
      t.clock.set('2026-11-22T09:00:00Z');
      const email =
        who === 'super admin'
          ? (await createSuperAdmin(t.database.db)).email
          : (await createBranchFixture(t.database.db)).manager.email;
      const password = await loginWith(email, PASSWORD, '10.5.0.1');
      // The super admin's device is trusted once the code has signed it in too.
      const first = who === 'super admin' ? await secondStep(password, email) : password;
      expect(first.statusCode).toBe(200);
      const device = first.cookies.find((c) => c.name === 'tf_device')!;
      expect(device.httpOnly).toBe(true);
      expect(device.path).toBe('/api/auth');
      for (let i = 0; i < 30; i++) {
        await loginWith(email, 'stranger-guess', `10.6.${i}.1`);
        t.clock.advance(10_000);
      }
      // The owner, at once, from the same shop address and from a new one: not slowed, not locked.
      expect((await loginWith(email, PASSWORD, '10.5.0.1', deviceCookieOf(first))).statusCode).toBe(
        200,
      );
      expect((await loginWith(email, PASSWORD, '10.7.0.1', deviceCookieOf(first))).statusCode).toBe(
        200,
      );
      // Without the device cookie the account is slowed down.
      expect((await loginWith(email, PASSWORD, '10.5.0.1')).statusCode).toBe(429);
      t.clock.set(NOON_IST);
    });
  }

  it('counts failures from a trusted device on their own', async () => {
    t.clock.set('2026-11-22T10:00:00Z');
    const b = await createBranchFixture(t.database.db);
    const device = deviceCookieOf(await loginWith(b.staff.email, PASSWORD, '10.8.0.1'));
    for (let i = 0; i < 5; i++) {
      expect((await loginWith(b.staff.email, 'typo', '10.8.0.1', device)).statusCode).toBe(401);
    }
    expect((await loginWith(b.staff.email, PASSWORD, '10.8.0.1', device)).statusCode).toBe(429);
    // A device cookie of another account is no trust for this one.
    const other = deviceCookieOf(await loginWith(b.manager.email, PASSWORD, '10.8.0.2'));
    const stranger = await loginWith(b.staff.email, 'guess', '10.8.0.3', other);
    expect(stranger.statusCode).toBe(401);
    t.clock.set(NOON_IST);
  });

  it('limits failures per address across accounts', async () => {
    t.clock.set('2026-11-22T08:00:00Z');
    for (let i = 0; i < 20; i++) {
      await login(`someone${i}@example.com`, 'x', false, '10.3.3.3');
    }
    const b = await createBranchFixture(t.database.db);
    expect((await login(b.manager.email, PASSWORD, false, '10.3.3.3')).statusCode).toBe(429);
    expect((await login(b.manager.email, PASSWORD, false, '10.3.3.4')).statusCode).toBe(200);
    await t.database.db.delete(loginAttempts);
    t.clock.set(NOON_IST);
  });
});

describe('forgot and reset password', () => {
  const forgot = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  const reset = (token: string, newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword },
    });
  async function linkMailedTo(email: string) {
    await t.app.deps.tasks.idle();
    const mails = await t.database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.toAddress, email));
    const text = mails.at(-1)?.textBody ?? '';
    return /reset-password\?token=([\w-]+)/.exec(text)?.[1];
  }

  it('answers the same neutral message whether or not the account exists', async () => {
    const b = await createBranchFixture(t.database.db);
    const known = await forgot(b.manager.email);
    const unknown = await forgot('ghost@example.com');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(MESSAGES.auth.forgotPasswordSent);
    expect(await linkMailedTo('ghost@example.com')).toBeUndefined();
  });

  it('mails a single-use link that sets a new password and ends existing sessions', async () => {
    t.clock.set(NOON_IST);
    const b = await createBranchFixture(t.database.db);
    const cookie = await loginAs(t.app, b.manager.email);
    await forgot(b.manager.email);
    const token = await linkMailedTo(b.manager.email);
    expect(token).toBeTruthy();
    expect((await reset(token!, 'Fresh-password-7')).statusCode).toBe(200);
    expect((await session(cookie)).json()).toBeNull();
    expect((await login(b.manager.email, 'Fresh-password-7')).statusCode).toBe(200);
    const again = await reset(token!, 'Another-password-8');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(MESSAGES.auth.resetLinkInvalid);
  });

  it('refuses a link older than 30 minutes', async () => {
    t.clock.set(NOON_IST);
    const b = await createBranchFixture(t.database.db);
    await forgot(b.staff.email);
    const token = await linkMailedTo(b.staff.email);
    t.clock.advance(31 * 60_000);
    expect((await reset(token!, 'Fresh-password-7')).statusCode).toBe(400);
    t.clock.set(NOON_IST);
  });
});

describe('deactivation', () => {
  it('ends every session of a branch the moment it is deactivated', async () => {
    const b = await createBranchFixture(t.database.db);
    const cookie = await loginAs(t.app, b.staff.email);
    await t.database.db
      .update(branches)
      .set({ isActive: false })
      .where(eq(branches.id, b.branchId));
    const refused = await session(cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MESSAGES.login.associatedBranchNotFound);
  });
});
