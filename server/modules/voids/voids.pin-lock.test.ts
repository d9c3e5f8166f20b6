import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN_LOCK_MINUTES, PIN_MAX_FAILURES } from '../../../shared/kitchen';
import { auditLog, outboxMails, users } from '../../db/schema';
import { createBranchFixture, loginAs, type BranchFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addProduct } from '../tables/tables.test-support';
import { markAllSent, voidsAs } from './voids.test-support';

/**
 * Issue 30: wrong approval PINs are counted per person and device; five lock the manager's PIN
 * for that person only (on every device), and the manager is told.
 */
let t: TestApp;
let branch: BranchFixture;
const PIN = '482916';

const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { code: string; message: string } }).error;

beforeAll(async () => {
  t = await createTestApp();
  branch = await createBranchFixture(t.database.db);
});
afterAll(() => t.close());

/** A second staff member of the branch, with the fixture's password. */
async function anotherStaff() {
  const [first] = await t.database.db.select().from(users).where(eq(users.id, branch.staff.id));
  const email = `second-${branch.staff.email}`;
  await t.database.db.insert(users).values({
    role: 'staff',
    branchId: branch.branchId,
    name: 'Second Waiter',
    email,
    passwordHash: first!.passwordHash,
    activeDate: '2026-01-01',
    deactiveDate: '2026-12-31',
  });
  return email;
}

describe('wrong PINs, per person and device', () => {
  it('parallel wrong PINs of one person lock the PIN for that person only; the manager is told', async () => {
    const boss = voidsAs(t.app, await loginAs(t.app, branch.manager.email));
    expect((await boss.setPin(PIN)).statusCode).toBe(200);
    const guesser = voidsAs(t.app, await loginAs(t.app, branch.staff.email));
    const colleague = voidsAs(t.app, await loginAs(t.app, await anotherStaff()));
    const product = await addProduct(t.database.db, branch.branchId, 'Tea', 2000);
    const tableId = await guesser.addTable('P1');
    expect((await guesser.tap(tableId, product, 3)).statusCode).toBe(200);
    await markAllSent(t.database.db, branch.branchId, tableId);
    const key = (await guesser.order(tableId)).lines[0]!.key;
    const voidAs = (as: typeof guesser, pin: string) =>
      as.void(tableId, { lineKey: key, managerId: branch.manager.id, pin });

    const answers = await Promise.all(Array.from({ length: 12 }, () => voidAs(guesser, '0000')));
    const codes = answers.map((answer) => errorOf(answer).code);
    expect(codes.filter((c) => c === 'voids.pin_wrong')).toHaveLength(PIN_MAX_FAILURES - 1);
    expect(codes.filter((c) => c === 'voids.pin_locked')).toHaveLength(12 - PIN_MAX_FAILURES + 1);

    // Locked for that person, on this device and on another one; the right PIN too.
    expect((await voidAs(guesser, PIN)).statusCode).toBe(429);
    const sameOnAnotherDevice = voidsAs(t.app, await loginAs(t.app, branch.staff.email));
    expect((await voidAs(sameOnAnotherDevice, PIN)).statusCode).toBe(429);

    // Everybody else keeps the manager's PIN: another waiter's wrong PIN counts from the start.
    const theirWrong = await voidAs(colleague, '0000');
    expect(errorOf(theirWrong).message).toContain(`${PIN_MAX_FAILURES - 1} tries left`);
    const approved = await voidAs(colleague, PIN);
    expect(approved.statusCode, approved.body).toBe(200);

    // The manager is told: one audit entry naming who, and one mail.
    const locks = await t.database.db
      .select({ data: auditLog.data, userId: auditLog.userId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'pin.lock'), eq(auditLog.entityId, branch.manager.id)));
    expect(locks).toEqual([
      { userId: branch.staff.id, data: expect.objectContaining({ lockedFor: branch.staff.id }) },
    ]);
    const mails = await t.database.db
      .select({ subject: outboxMails.subject, text: outboxMails.textBody })
      .from(outboxMails)
      .where(eq(outboxMails.toAddress, branch.manager.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${PIN_LOCK_MINUTES} minutes`);

    // The time passes: the person's PIN works again.
    t.clock.advance(PIN_LOCK_MINUTES * 60_000);
    const again = voidsAs(t.app, await loginAs(t.app, branch.staff.email));
    const after = await voidAs(again, PIN);
    expect(after.statusCode, after.body).toBe(200);
  });
});
