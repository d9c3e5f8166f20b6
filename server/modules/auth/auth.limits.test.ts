import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/messages';
import { loginAttempts, outboxMails, passwordResetTokens } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PASSWORD, createBranchFixture, createSuperAdmin, loginAs } from '../../test/fixtures';

// Runs on PGlite and, with DATABASE_URL, on PostgreSQL, where the parallel requests below really
// run side by side on several connections.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });
const forgot = (email: string, ip = '10.20.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    remoteAddress: ip,
  });
const reset = (token: string, newPassword: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword },
  });
const linkState = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-link', payload: { token } });

async function attemptsOn(email: string) {
  return t.database.db.select().from(loginAttempts).where(eq(loginAttempts.email, email));
}

/** Every reset link mailed to `email`, oldest first (after the background mail work ended). */
async function linksMailedTo(email: string) {
  await t.app.deps.tasks.idle();
  const mails = await t.database.db
    .select()
    .from(outboxMails)
    .where(eq(outboxMails.toAddress, email))
    .orderBy(outboxMails.createdAt);
  return mails.map((mail) => /reset-password\?token=([\w-]+)/.exec(mail.textBody)![1]!);
}

describe('login limits under parallel attempts', () => {
  it('checks only 5 of 20 parallel attempts on one account: a right password beyond them is refused', async () => {
    t.clock.set('2026-11-22T06:00:00Z');
    const b = await createBranchFixture(t.database.db);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login(b.manager.email, i === 9 ? PASSWORD : `wrong-${i}`, '10.10.0.1'),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect((await attemptsOn(b.manager.email)).length).toBe(5);
    const signedIn = responses.filter((r) => r.statusCode === 200);
    // The right password got in only if it was among the five that were checked.
    const checkedRight = (await attemptsOn(b.manager.email)).some((a) => a.succeeded);
    expect(signedIn.length).toBe(checkedRight ? 1 : 0);
  });

  it('checks exactly 5 of 40 parallel wrong passwords from one address', async () => {
    t.clock.set('2026-11-22T06:20:00Z');
    const b = await createBranchFixture(t.database.db);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(b.staff.email, `wrong-${i}`, '10.11.0.1')),
    );
    expect(responses.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(35);
    expect((await attemptsOn(b.staff.email)).length).toBe(5);
  });

  it('lets one of 20 parallel wrong passwords from 20 addresses past the slow-down once 5 have failed', async () => {
    t.clock.set('2026-11-22T06:40:00Z');
    const admin = await createSuperAdmin(t.database.db);
    for (let i = 0; i < 5; i++) await login(admin.email, 'wrong', `10.12.0.${i}`);
    t.clock.advance(1000);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(admin.email, 'wrong', `10.13.0.${i}`)),
    );
    expect(responses.filter((r) => r.statusCode === 401)).toHaveLength(1);
    expect((await attemptsOn(admin.email)).length).toBe(6);
  });
});

describe("a password change's current password", () => {
  const changePassword = (cookie: string, currentPassword: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { currentPassword, newPassword: 'Brand-new-pass-4' },
      remoteAddress: ip,
    });
  const accountKey = (userId: string) => `account:${userId}`;

  it('refuses a stolen session a sixth guess within 15 minutes, even the right password, then lets the owner change it', async () => {
    t.clock.set('2026-11-22T12:00:00Z');
    const b = await createBranchFixture(t.database.db);
    const cookie = await loginAs(t.app, b.manager.email);
    for (let i = 0; i < 5; i++) {
      const wrong = await changePassword(cookie, `guess-${i}`, '10.30.0.1');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields.currentPassword).toBe(MESSAGES.auth.wrongCurrentPassword);
    }
    for (const password of ['guess-5', PASSWORD]) {
      const refused = await changePassword(cookie, password, '10.30.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toBe(MESSAGES.login.tooManyAttempts);
    }
    t.clock.advance(15 * 60_000 + 1);
    expect((await changePassword(cookie, PASSWORD, '10.30.0.1')).statusCode).toBe(200);
    expect((await login(b.manager.email, 'Brand-new-pass-4', '10.30.0.1')).statusCode).toBe(200);
  });

  it('checks exactly 5 of 20 parallel wrong current passwords', async () => {
    t.clock.set('2026-11-22T12:30:00Z');
    const b = await createBranchFixture(t.database.db);
    const cookie = await loginAs(t.app, b.manager.email);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => changePassword(cookie, `guess-${i}`, '10.31.0.1')),
    );
    expect(responses.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(15);
    expect((await attemptsOn(accountKey(b.manager.id))).length).toBe(5);
    expect((await changePassword(cookie, PASSWORD, '10.31.0.1')).statusCode).toBe(429);
  });

  it('shares its count with the password proofs of two-factor sign-in: one budget per account', async () => {
    t.clock.set('2026-11-22T13:00:00Z');
    const b = await createBranchFixture(t.database.db);
    const cookie = await loginAs(t.app, b.manager.email);
    for (let i = 0; i < 3; i++) {
      expect((await changePassword(cookie, `guess-${i}`, '10.32.0.1')).statusCode).toBe(400);
    }
    for (let i = 3; i < 5; i++) {
      const proof = await t.app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/disable',
        headers: { cookie },
        payload: { password: `guess-${i}` },
        remoteAddress: '10.32.0.1',
      });
      expect(proof.statusCode).toBe(400);
    }
    expect((await changePassword(cookie, 'guess-5', '10.32.0.1')).statusCode).toBe(429);
  });
});

describe('forgot password', () => {
  it('answers known and unknown emails alike, recording the request in both cases before any account work', async () => {
    t.clock.set('2026-11-22T07:00:00Z');
    const b = await createBranchFixture(t.database.db);
    const known = await forgot(b.manager.email, '10.21.0.1');
    // The link is made after the answer: nothing about the account was done in the request.
    const tokensAtAnswer = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, b.manager.id));
    const unknown = await forgot('nobody-here@example.com', '10.21.0.2');
    expect(tokensAtAnswer).toHaveLength(0);
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);
    expect(await linksMailedTo(b.manager.email)).toHaveLength(1);
    expect(await linksMailedTo('nobody-here@example.com')).toHaveLength(0);
  });

  it('accepts 3 requests per email an hour, even 10 in parallel, and 10 per address', async () => {
    t.clock.set('2026-11-22T08:00:00Z');
    const b = await createBranchFixture(t.database.db);
    const parallel = await Promise.all(
      Array.from({ length: 10 }, (_, i) => forgot(b.staff.email, `10.22.0.${i}`)),
    );
    expect(parallel.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = parallel.find((r) => r.statusCode === 429)!;
    expect(refused.json().error.message).toBe(MESSAGES.login.tooManyAttempts);
    expect(await linksMailedTo(b.staff.email)).toHaveLength(3);

    const fromOneAddress = await Promise.all(
      Array.from({ length: 12 }, (_, i) => forgot(`someone-${i}@example.com`, '10.23.0.1')),
    );
    expect(fromOneAddress.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect((await forgot(b.staff.email, '10.23.0.1')).statusCode).toBe(429);
    t.clock.advance(60 * 60_000 + 1);
    expect((await forgot(b.staff.email, '10.23.0.1')).statusCode).toBe(200);
  });

  it('keeps one live link per account: a newer link kills the older one', async () => {
    t.clock.set('2026-11-22T09:00:00Z');
    const b = await createBranchFixture(t.database.db);
    await forgot(b.manager.email);
    await t.app.deps.tasks.idle();
    await forgot(b.manager.email);
    const [older, newer] = await linksMailedTo(b.manager.email);
    expect((await linkState(older!)).json()).toEqual({ usable: false });
    expect((await linkState(newer!)).json()).toEqual({ usable: true });
    expect((await reset(older!, 'Fresh-password-7')).statusCode).toBe(400);
    expect((await reset(newer!, 'Fresh-password-7')).statusCode).toBe(200);
  });

  it('leaves one live link when two requests for one account run at once', async () => {
    t.clock.set('2026-11-22T09:30:00Z');
    const b = await createBranchFixture(t.database.db);
    await Promise.all([forgot(b.staff.email, '10.25.0.1'), forgot(b.staff.email, '10.25.0.2')]);
    const links = await linksMailedTo(b.staff.email);
    expect(links).toHaveLength(2);
    const states = await Promise.all(links.map(async (link) => (await linkState(link)).json()));
    expect(states.filter((state) => state.usable)).toHaveLength(1);
  });

  it('tells whether a link can be used without using it', async () => {
    t.clock.set('2026-11-22T10:00:00Z');
    const b = await createBranchFixture(t.database.db);
    await forgot(b.staff.email);
    const [token] = await linksMailedTo(b.staff.email);
    expect((await linkState(token!)).json()).toEqual({ usable: true });
    expect((await linkState(token!)).json()).toEqual({ usable: true });
    expect((await linkState('x'.repeat(43))).json()).toEqual({ usable: false });
    t.clock.advance(31 * 60_000);
    expect((await linkState(token!)).json()).toEqual({ usable: false });
  });

  it('kills every link when the password changes: own change, reset link, manager or admin reset', async () => {
    t.clock.set('2026-11-22T11:00:00Z');
    const b = await createBranchFixture(t.database.db);
    const admin = await loginAs(t.app, (await createSuperAdmin(t.database.db)).email);
    const manager = await loginAs(t.app, b.manager.email);
    const changes: [string, () => Promise<{ statusCode: number }>][] = [
      [
        'own change',
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/change-password',
            headers: { cookie: manager },
            payload: { currentPassword: PASSWORD, newPassword: 'Changed-pass-1' },
          }),
      ],
      [
        'admin reset of the manager',
        () =>
          t.app.inject({
            method: 'POST',
            url: `/api/branches/${b.branchId}/reset-manager-password`,
            headers: { cookie: admin },
            payload: { newPassword: 'Temporary-pass-2' },
          }),
      ],
    ];
    for (const [what, change] of changes) {
      await forgot(b.manager.email, '10.24.0.1');
      const token = (await linksMailedTo(b.manager.email)).at(-1)!;
      expect((await change()).statusCode, what).toBe(200);
      expect((await linkState(token)).json(), what).toEqual({ usable: false });
    }

    const otherManager = await loginAs(
      t.app,
      (await createBranchFixture(t.database.db)).manager.email,
    );
    const c = await createBranchFixture(t.database.db);
    const cManager = await loginAs(t.app, c.manager.email);
    await forgot(c.staff.email, '10.24.9.1');
    const staffToken = (await linksMailedTo(c.staff.email)).at(-1)!;
    // Another branch's manager cannot touch it; this branch's manager resets it.
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${c.staff.id}/reset-password`,
      headers: { cookie: otherManager },
      payload: { newPassword: 'Temporary-pass-3' },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await linkState(staffToken)).json()).toEqual({ usable: true });
    const own = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${c.staff.id}/reset-password`,
      headers: { cookie: cManager },
      payload: { newPassword: 'Temporary-pass-3' },
    });
    expect(own.statusCode).toBe(200);
    expect((await linkState(staffToken)).json()).toEqual({ usable: false });

    // A link used once is dead, and so is an older one after it was used.
    await forgot(c.manager.email, '10.24.10.1');
    const [first] = await linksMailedTo(c.manager.email);
    expect((await reset(first!, 'Fresh-password-9')).statusCode).toBe(200);
    expect((await linkState(first!)).json()).toEqual({ usable: false });
  });
});
