import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/messages';
import { auditLog, pendingLogins, sessions, twoFactorCredentials } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PASSWORD, createBranchFixture, createSuperAdmin, loginAs } from '../../test/fixtures';
import { totpCode, totpStep } from './auth.totp';

// Runs on PGlite and, with DATABASE_URL, on PostgreSQL, where the parallel requests below really
// run side by side on several connections.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.clock.set('2026-11-22T06:30:00Z'));

type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;
const cookieOf = (response: Answer, name: string) => {
  const cookie = response.cookies.find((c) => c.name === name);
  return cookie ? `${name}=${cookie.value}` : undefined;
};
const post = (url: string, payload: object, cookie?: string, ip = '10.9.0.1') =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: ip,
    ...(cookie ? { headers: { cookie } } : {}),
  });
const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });

/** The code an authenticator app shows now for `secret` (`offset` steps of 30 s away). */
const codeOf = (secret: string, offset = 0) => totpCode(secret, totpStep(t.clock()) + offset);

/** Signs in with the password: answers the pending-login cookie of the second step. */
async function passwordStep(email: string, ip = '10.9.0.1', rememberMe = false) {
  const response = await post(
    '/api/auth/login',
    { email, password: PASSWORD, rememberMe },
    undefined,
    ip,
  );
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ twoFactorRequired: true });
  return { response, pending: cookieOf(response, 'tf_pending')! };
}

const secondStep = (pending: string, body: object, ip = '10.9.0.1') =>
  post('/api/auth/login/two-factor', body, pending, ip);

/** Turns two-factor sign-in on for a signed-in user; answers the secret and recovery codes. */
async function turnOn(cookie: string) {
  const setup = await post('/api/auth/two-factor/setup', {}, cookie);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enabled = await post('/api/auth/two-factor/enable', { code: codeOf(secret) }, cookie);
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { secret, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

/** A branch whose manager has two-factor sign-in on; a minute later, so the codes are fresh. */
async function managerWithTwoFactor() {
  const b = await createBranchFixture(t.database.db);
  const cookie = await loginAs(t.app, b.manager.email);
  const { secret, recoveryCodes } = await turnOn(cookie);
  t.clock.advance(60_000);
  return { b, email: b.manager.email, secret, recoveryCodes };
}

const auditOf = (userId: string, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, action)));

describe('setting it up', () => {
  it('a manager scans a new secret, confirms it with a code, and gets ten recovery codes once', async () => {
    const b = await createBranchFixture(t.database.db);
    const cookie = await loginAs(t.app, b.manager.email);
    const elsewhere = await loginAs(t.app, b.manager.email);
    expect((await get('/api/auth/two-factor', cookie)).json()).toEqual({
      enabled: false,
      required: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });

    const setup = await post('/api/auth/two-factor/setup', {}, cookie);
    const { secret, otpauthUri } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toContain(encodeURIComponent(b.manager.email));
    // Stored sealed, never as the secret itself.
    const [row] = await t.database.db
      .select()
      .from(twoFactorCredentials)
      .where(eq(twoFactorCredentials.userId, b.manager.id));
    expect(row!.pendingSecret).not.toContain(secret);
    expect(row!.secret).toBeNull();

    const wrong = await post('/api/auth/two-factor/enable', { code: codeOf(secret, 3) }, cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.code).toBe(MESSAGES.twoFactor.codeInvalid);
    const malformed = await post('/api/auth/two-factor/enable', { code: '12345' }, cookie);
    expect(malformed.json().error.fields.code).toBe(MESSAGES.twoFactor.codeFormat);

    const enabled = await post('/api/auth/two-factor/enable', { code: codeOf(secret) }, cookie);
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes, session } = enabled.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(session.user).toMatchObject({ twoFactorEnabled: true, mustSetUpTwoFactor: false });
    const status = (await get('/api/auth/two-factor', cookie)).json();
    expect(status).toMatchObject({ enabled: true, required: false, recoveryCodesLeft: 10 });
    // The session that set it up goes on; one opened with the password alone ends.
    expect((await get('/api/auth/session', elsewhere)).json()).toBeNull();
    expect(await auditOf(b.manager.id, 'user.two_factor_enable')).toHaveLength(1);
  });

  it('a set-up left for 15 minutes must start again', async () => {
    const b = await createBranchFixture(t.database.db);
    const cookie = await loginAs(t.app, b.manager.email);
    const { secret } = (await post('/api/auth/two-factor/setup', {}, cookie)).json();
    t.clock.advance(15 * 60_000 + 1);
    const late = await post('/api/auth/two-factor/enable', { code: codeOf(secret) }, cookie);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe('auth.two_factor_setup_expired');
  });

  it('staff are not offered it', async () => {
    const b = await createBranchFixture(t.database.db);
    const cookie = await loginAs(t.app, b.staff.email);
    for (const response of [
      await post('/api/auth/two-factor/setup', {}, cookie),
      await post('/api/auth/two-factor/enable', { code: '123456' }, cookie),
      await get('/api/auth/two-factor', cookie),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('auth.forbidden');
    }
    expect(
      await t.database.db
        .select()
        .from(twoFactorCredentials)
        .where(eq(twoFactorCredentials.userId, b.staff.id)),
    ).toEqual([]);
  });

  it('moving to a new phone needs the password or a code, and the old app works until the new one is confirmed', async () => {
    const { email, secret } = await managerWithTwoFactor();
    const { pending } = await passwordStep(email);
    const cookie = cookieOf(await secondStep(pending, { code: codeOf(secret) }), 'tf_session')!;
    t.clock.advance(30_000);

    const unproven = await post('/api/auth/two-factor/setup', {}, cookie);
    expect(unproven.statusCode).toBe(400);
    expect(unproven.json().error.fields.password).toBe(MESSAGES.twoFactor.passwordOrCode);
    const wrongPassword = await post(
      '/api/auth/two-factor/setup',
      { password: 'nope-nope' },
      cookie,
    );
    expect(wrongPassword.json().error.fields.password).toBe(MESSAGES.auth.wrongCurrentPassword);

    const moved = await post('/api/auth/two-factor/setup', { code: codeOf(secret) }, cookie);
    expect(moved.statusCode).toBe(200);
    const fresh = moved.json().secret as string;
    t.clock.advance(30_000);
    // Not confirmed yet: the old app still signs in.
    const old = await passwordStep(email);
    expect((await secondStep(old.pending, { code: codeOf(secret) })).statusCode).toBe(200);
    t.clock.advance(30_000);
    expect(
      (await post('/api/auth/two-factor/enable', { code: codeOf(fresh) }, cookie)).statusCode,
    ).toBe(200);
    t.clock.advance(30_000);
    const after = await passwordStep(email);
    expect((await secondStep(after.pending, { code: codeOf(secret) })).statusCode).toBe(400);
    expect((await secondStep(after.pending, { code: codeOf(fresh) })).statusCode).toBe(200);
  });
});

describe("login's second step", () => {
  it('after the password only a pending login exists: an HttpOnly, strict, 5-minute cookie for /api/auth', async () => {
    const { b, email, secret } = await managerWithTwoFactor();
    const before = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, b.manager.id));
    const { response, pending } = await passwordStep(email, '10.9.0.1', true);
    expect(cookieOf(response, 'tf_session')).toBeUndefined();
    const cookie = response.cookies.find((c) => c.name === 'tf_pending')!;
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth',
      maxAge: 300,
    });
    const [row] = await t.database.db
      .select()
      .from(pendingLogins)
      .where(eq(pendingLogins.userId, b.manager.id));
    expect(row!.tokenHash).not.toBe(cookie.value);
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.userId, b.manager.id)),
    ).toHaveLength(before.length);
    // The pending cookie opens nothing.
    expect((await get('/api/auth/session', pending)).json()).toBeNull();

    const signedIn = await secondStep(pending, { code: codeOf(secret) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({
      user: { email, twoFactorEnabled: true },
      home: '/usersidebar/billing',
    });
    const session = signedIn.cookies.find((c) => c.name === 'tf_session')!;
    // Remember Me of the first step holds.
    expect(session.maxAge).toBe(30 * 24 * 60 * 60);
    expect(signedIn.cookies.find((c) => c.name === 'tf_pending')!.value).toBe('');
    expect((await get('/api/auth/session', `tf_session=${session.value}`)).json().user.email).toBe(
      email,
    );
  });

  it('a wrong code is refused under its field and the pending login stays for another try', async () => {
    const { email, secret } = await managerWithTwoFactor();
    const { pending } = await passwordStep(email);
    const wrong = await secondStep(pending, { code: codeOf(secret, 5) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'auth.two_factor_code_invalid',
      fields: { code: MESSAGES.twoFactor.codeInvalid },
    });
    expect((await secondStep(pending, { code: codeOf(secret) })).statusCode).toBe(200);
  });

  it('a pending login is used once, and ends after 5 minutes', async () => {
    const { email, secret } = await managerWithTwoFactor();
    const { pending } = await passwordStep(email);
    expect((await secondStep(pending, { code: codeOf(secret) })).statusCode).toBe(200);
    t.clock.advance(30_000);
    const again = await secondStep(pending, { code: codeOf(secret) });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toBe(MESSAGES.twoFactor.loginExpired);

    const late = await passwordStep(email);
    t.clock.advance(5 * 60_000 + 1);
    const expired = await secondStep(late.pending, { code: codeOf(secret) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('auth.two_factor_login_expired');
    expect((await secondStep('tf_pending=made-up', { code: codeOf(secret) })).statusCode).toBe(401);
  });

  it('a code once used is refused, even on another login within its window', async () => {
    const { email, secret } = await managerWithTwoFactor();
    const code = codeOf(secret);
    const first = await passwordStep(email);
    expect((await secondStep(first.pending, { code })).statusCode).toBe(200);
    const second = await passwordStep(email);
    expect((await secondStep(second.pending, { code })).statusCode).toBe(400);
    // An older code of the window is refused too; the next step's code still works.
    expect((await secondStep(second.pending, { code: codeOf(secret, -1) })).statusCode).toBe(400);
    expect((await secondStep(second.pending, { code: codeOf(secret, 1) })).statusCode).toBe(200);
  });

  it('the same code sent on two logins at once signs in once', async () => {
    const { email, secret } = await managerWithTwoFactor();
    const a = await passwordStep(email);
    const b = await passwordStep(email);
    const code = codeOf(secret);
    const answers = await Promise.all([
      secondStep(a.pending, { code }),
      secondStep(b.pending, { code }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('a recovery code signs in once, whatever its case and spacing, and is audited', async () => {
    const { b, email, recoveryCodes } = await managerWithTwoFactor();
    const code = recoveryCodes[3]!;
    const { pending } = await passwordStep(email);
    const typed = ` ${code.toUpperCase().replaceAll('-', ' ')} `;
    const signedIn = await secondStep(pending, { recoveryCode: typed });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const [audit] = await auditOf(b.manager.id, 'user.two_factor_recovery_code_use');
    expect(audit!.data).toEqual({ codesLeft: 9 });
    expect(JSON.stringify(audit)).not.toContain(code);

    const next = await passwordStep(email);
    const reused = await secondStep(next.pending, { recoveryCode: code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.fields.recoveryCode).toBe(MESSAGES.twoFactor.recoveryCodeInvalid);
    expect((await secondStep(next.pending, { recoveryCode: recoveryCodes[4]! })).statusCode).toBe(
      200,
    );
  });

  it('parallel guesses of the code stop at the login limit, and then even the right code waits', async () => {
    const { email, secret } = await managerWithTwoFactor();
    const { pending } = await passwordStep(email, '10.9.1.1');
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        secondStep(pending, { code: String(100000 + i) }, '10.9.1.1'),
      ),
    );
    const statuses = guesses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    const right = await secondStep(pending, { code: codeOf(secret) }, '10.9.1.1');
    expect(right.statusCode).toBe(429);
    expect(right.json().error.message).toBe(MESSAGES.login.tooManyAttempts);

    t.clock.advance(15 * 60_000 + 1);
    const later = await passwordStep(email, '10.9.1.1');
    expect((await secondStep(later.pending, { code: codeOf(secret) }, '10.9.1.1')).statusCode).toBe(
      200,
    );
  });

  it('a password change ends the logins waiting for their code', async () => {
    const { email, secret } = await managerWithTwoFactor();
    const { pending } = await passwordStep(email);
    const signedIn = await passwordStep(email);
    const cookie = cookieOf(
      await secondStep(signedIn.pending, { code: codeOf(secret) }),
      'tf_session',
    )!;
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'Another-pass-9' },
      cookie,
    );
    expect(changed.statusCode).toBe(200);
    t.clock.advance(30_000);
    expect((await secondStep(pending, { code: codeOf(secret) })).statusCode).toBe(401);
  });
});

describe('super admins must use it', () => {
  it('one without it signs in only to set it up, then everything opens in the same session', async () => {
    const admin = await createSuperAdmin(t.database.db, { twoFactor: false });
    const login = await post('/api/auth/login', { email: admin.email, password: PASSWORD });
    expect(login.json()).toMatchObject({
      user: { mustSetUpTwoFactor: true, twoFactorEnabled: false },
      home: '/two-factor',
    });
    const cookie = cookieOf(login, 'tf_session')!;
    const refused = await get('/api/branches', cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'auth.two_factor_setup_required',
      message: MESSAGES.twoFactor.setupRequired,
    });
    expect((await get('/api/auth/session', cookie)).statusCode).toBe(200);
    expect((await get('/api/auth/two-factor', cookie)).json().required).toBe(true);

    const { recoveryCodes } = await turnOn(cookie);
    expect(recoveryCodes).toHaveLength(10);
    expect((await get('/api/branches', cookie)).statusCode).toBe(200);
    expect((await get('/api/auth/session', cookie)).json()).toMatchObject({
      user: { mustSetUpTwoFactor: false, twoFactorEnabled: true },
      home: '/admin',
    });
  });

  it('cannot turn it off, and a lost phone is met with a recovery code', async () => {
    const admin = await createSuperAdmin(t.database.db, { twoFactor: false });
    const cookie = cookieOf(
      await post('/api/auth/login', { email: admin.email, password: PASSWORD }),
      'tf_session',
    )!;
    const { recoveryCodes } = await turnOn(cookie);
    const off = await post('/api/auth/two-factor/disable', { password: PASSWORD }, cookie);
    expect(off.statusCode).toBe(403);
    expect(off.json().error.message).toBe(MESSAGES.twoFactor.cannotTurnOff);

    const { pending } = await passwordStep(admin.email);
    const signedIn = await secondStep(pending, { recoveryCode: recoveryCodes[0]! });
    expect(signedIn.statusCode).toBe(200);
    const again = cookieOf(signedIn, 'tf_session')!;
    expect((await get('/api/auth/two-factor', again)).json().recoveryCodesLeft).toBe(9);
    // Then onto the new phone, with the password.
    const moved = await post('/api/auth/two-factor/setup', { password: PASSWORD }, again);
    expect(moved.statusCode).toBe(200);
  });
});

describe('managers may turn it off; the super admin resets it', () => {
  it('a manager turns it off with the password or a current code, and signs in with the password alone', async () => {
    for (const proof of ['password', 'code'] as const) {
      const { b, email, secret } = await managerWithTwoFactor();
      const { pending } = await passwordStep(email);
      const cookie = cookieOf(await secondStep(pending, { code: codeOf(secret) }), 'tf_session')!;
      t.clock.advance(30_000);
      const wrong = await post(
        '/api/auth/two-factor/disable',
        proof === 'password' ? { password: 'wrong-one' } : { code: codeOf(secret, 4) },
        cookie,
      );
      expect(wrong.statusCode).toBe(400);
      const none = await post('/api/auth/two-factor/disable', {}, cookie);
      expect(none.json().error.fields.password).toBe(MESSAGES.twoFactor.passwordOrCode);
      const off = await post(
        '/api/auth/two-factor/disable',
        proof === 'password' ? { password: PASSWORD } : { code: codeOf(secret) },
        cookie,
      );
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().user.twoFactorEnabled).toBe(false);
      const login = await post('/api/auth/login', { email, password: PASSWORD });
      expect(cookieOf(login, 'tf_session')).toBeDefined();
      expect(await auditOf(b.manager.id, 'user.two_factor_disable')).toHaveLength(1);
    }
  });

  it("the super admin resets a manager's from the branch, audited; others may not", async () => {
    const { b, email } = await managerWithTwoFactor();
    const adminUser = await createSuperAdmin(t.database.db);
    const admin = await loginAs(t.app, adminUser.email);
    const url = `/api/branches/${b.branchId}/reset-manager-two-factor`;
    const manager = await loginAs(t.app, (await createBranchFixture(t.database.db)).manager.email);
    expect((await post(url, {}, manager)).statusCode).toBe(403);

    const reset = await post(url, {}, admin);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ wasOn: true, managerName: expect.stringContaining('Manager') });
    const login = await post('/api/auth/login', { email, password: PASSWORD });
    expect(cookieOf(login, 'tf_session')).toBeDefined();
    const [audit] = await auditOf(b.manager.id, 'user.two_factor_reset');
    expect(audit).toMatchObject({
      userId: adminUser.id,
      branchId: b.branchId,
      data: { by: 'super_admin', wasOn: true },
    });

    expect((await post(url, {}, admin)).json().wasOn).toBe(false);
    const unknown = await post(
      '/api/branches/0190a6d4-0000-7000-8000-000000000000/reset-manager-two-factor',
      {},
      admin,
    );
    expect(unknown.statusCode).toBe(404);
  });
});
