import { and, asc, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_VOID_REASONS, PIN_LOCK_MINUTES, PIN_MAX_FAILURES } from '../../../shared/kitchen';
import type { ApproverList, VoidAnswer } from '../../../shared/schemas/voids.schemas';
import {
  auditLog,
  kitchenSettings,
  kotItems,
  kotTickets,
  kots,
  managerPins,
  orderLines,
  tables,
  voids,
} from '../../db/schema';
import { createBranchFixture, loginAs, type BranchFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addProduct } from '../tables/tables.test-support';
import { markAllSent, voidsAs } from './voids.test-support';

let t: TestApp;
let mine: BranchFixture;
let other: BranchFixture;
let manager: ReturnType<typeof voidsAs>;
let staff: ReturnType<typeof voidsAs>;
let kitchen: ReturnType<typeof voidsAs>;
let theirs: ReturnType<typeof voidsAs>;
let dosa: string;
let coffee: string;
const PIN = '482916';

const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { code: string; message: string; fields?: Record<string, string> } })
    .error;

beforeAll(async () => {
  t = await createTestApp();
  mine = await createBranchFixture(t.database.db);
  other = await createBranchFixture(t.database.db);
  manager = voidsAs(t.app, await loginAs(t.app, mine.manager.email));
  staff = voidsAs(t.app, await loginAs(t.app, mine.staff.email));
  kitchen = voidsAs(t.app, await loginAs(t.app, mine.kitchen.email));
  theirs = voidsAs(t.app, await loginAs(t.app, other.manager.email));
  dosa = await addProduct(t.database.db, mine.branchId, 'Masala Dosa', 12000);
  coffee = await addProduct(t.database.db, mine.branchId, 'Filter Coffee', 4000);
  expect((await manager.setPin(PIN)).statusCode).toBe(200);
  expect((await theirs.setPin('1111')).statusCode).toBe(200);
});
afterAll(() => t.close());

/** A table of `mine` with `quantity` dosas, all sent to the kitchen. */
async function sentTable(label: string, quantity = 3, sent = true) {
  const tableId = await staff.addTable(label);
  for (let i = 0; i < quantity; i++) {
    expect((await staff.tap(tableId, dosa, 1)).statusCode).toBe(200);
  }
  if (sent) await markAllSent(t.database.db, mine.branchId, tableId);
  const order = await staff.order(tableId);
  return { tableId, key: order.lines[0]!.key, version: order.version };
}

const auditsOf = (action: string, entityId?: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), entityId ? eq(auditLog.entityId, entityId) : undefined))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));

describe("a manager's approval PIN", () => {
  it('is set with the password, kept as a hash only, and audited without the PIN', async () => {
    const status = await manager.pin();
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ set: true });
    const [row] = await t.database.db
      .select()
      .from(managerPins)
      .where(eq(managerPins.userId, mine.manager.id));
    expect(row!.pinHash).toMatch(/^\$argon2id\$/);
    expect(row!.pinHash).not.toContain(PIN);
    const audits = await auditsOf('pin.set', mine.manager.id);
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0])).not.toContain(PIN);
  });

  it('is changed with the password (audited as a change), and the new one approves', async () => {
    const changer = voidsAs(t.app, await loginAs(t.app, other.manager.email));
    expect((await changer.setPin('2222')).statusCode).toBe(200);
    expect(await auditsOf('pin.change', other.manager.id)).toHaveLength(1);
  });

  it('refuses a wrong password naming currentPassword, and keeps the PIN as it was', async () => {
    const [before] = await t.database.db
      .select()
      .from(managerPins)
      .where(eq(managerPins.userId, mine.manager.id));
    const response = await manager.setPin('999999', 'not-my-password');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'auth.wrong_current_password' });
    expect(Object.keys(errorOf(response).fields!)).toEqual(['currentPassword']);
    const [after] = await t.database.db
      .select()
      .from(managerPins)
      .where(eq(managerPins.userId, mine.manager.id));
    expect(after!.pinHash).toBe(before!.pinHash);
  });

  it('refuses a PIN that is not 4 to 6 digits naming pin', async () => {
    for (const pin of ['123', '1234567', '12a4', ' 1234', '', 1234]) {
      const response = await manager.call('PUT', '/api/voids/pin', {
        currentPassword: 'x',
        pin,
      });
      expect(response.statusCode, String(pin)).toBe(400);
      expect(Object.keys(errorOf(response).fields!)).toEqual(['pin']);
    }
  });

  it('cannot be set by staff or the kitchen account', async () => {
    expect((await staff.setPin('1234')).statusCode).toBe(403);
    expect((await kitchen.setPin('1234')).statusCode).toBe(403);
  });

  it("lists the branch's managers with a PIN (not another branch's) and the branch's reasons", async () => {
    const response = await staff.approvers();
    expect(response.statusCode).toBe(200);
    const list = response.json() as ApproverList;
    expect(list.items).toEqual([{ id: mine.manager.id, name: expect.any(String) }]);
    expect(list.reasons).toEqual([...DEFAULT_VOID_REASONS]);
    expect((await kitchen.approvers()).statusCode).toBe(403);
  });
});

describe('a void', () => {
  it('takes a sent item off with the PIN: value = price × quantity, version up, audited with who asked and who approved', async () => {
    const { tableId, key, version } = await sentTable('V1', 3);
    const response = await staff.void(tableId, {
      lineKey: key,
      quantity: 2,
      managerId: mine.manager.id,
      pin: PIN,
      reason: 'Wrong item entered',
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as VoidAnswer;
    expect(answer.void).toMatchObject({
      tableId,
      tableLabel: 'V1',
      name: 'Masala Dosa',
      quantity: 2,
      unitPricePaise: 12000,
      valuePaise: 24000,
      reason: 'Wrong item entered',
      businessDate: '2026-11-22',
    });
    expect(answer.order.lines).toHaveLength(1);
    expect(answer.order.lines[0]).toMatchObject({ quantity: 1 });
    expect(answer.order.version).toBe(version + 1);
    const [line] = await t.database.db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.branchId, mine.branchId), eq(orderLines.tableId, tableId)));
    expect(line).toMatchObject({ quantity: 1, sentQuantity: 1 });
    const [audit] = await auditsOf('void.create', answer.void.id);
    expect(audit).toMatchObject({ userId: mine.staff.id, branchId: mine.branchId });
    expect(audit!.data).toMatchObject({
      approvedBy: mine.manager.id,
      requestedBy: mine.staff.id,
      quantity: 2,
      valuePaise: 24000,
      reason: 'Wrong item entered',
    });
    expect(JSON.stringify(audit)).not.toContain(PIN);
  });

  it('tells the kitchen at once: a KOT of reason void with the CANCELLED item', async () => {
    const { tableId, key } = await sentTable('V1b', 2);
    const response = await staff.void(tableId, {
      lineKey: key,
      quantity: 1,
      managerId: mine.manager.id,
      pin: PIN,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { void: made } = response.json() as VoidAnswer;
    expect(made.kotId).toEqual(expect.any(String));
    const [kot] = await t.database.db
      .select()
      .from(kots)
      .where(and(eq(kots.branchId, mine.branchId), eq(kots.id, made.kotId!)));
    expect(kot).toMatchObject({ tableId, reason: 'void', sentBy: mine.staff.id });
    const items = await t.database.db
      .select({ item: kotItems })
      .from(kotItems)
      .innerJoin(
        kotTickets,
        and(eq(kotTickets.branchId, kotItems.branchId), eq(kotTickets.id, kotItems.ticketId)),
      )
      .where(and(eq(kotTickets.branchId, mine.branchId), eq(kotTickets.kotId, made.kotId!)));
    expect(items.map((row) => row.item)).toEqual([
      expect.objectContaining({ lineKey: key, name: 'Masala Dosa', quantity: 1, cancelled: true }),
    ]);
  });

  it('deletes the line when the whole of it is voided', async () => {
    const { tableId, key } = await sentTable('V2', 2);
    const response = await manager.void(tableId, {
      lineKey: key,
      quantity: 2,
      managerId: mine.manager.id,
      pin: PIN,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as VoidAnswer).order.lines).toEqual([]);
  });

  it('refuses more than was sent (what was not sent is a plain take-off), naming quantity', async () => {
    const { tableId, key } = await sentTable('V3', 2);
    expect((await staff.tap(tableId, dosa, 1)).statusCode).toBe(200);
    const tooMany = await staff.void(tableId, {
      lineKey: key,
      quantity: 3,
      managerId: mine.manager.id,
      pin: PIN,
    });
    expect(tooMany.statusCode).toBe(409);
    expect(errorOf(tooMany)).toMatchObject({ code: 'voids.more_than_sent' });
    expect(errorOf(tooMany).message).toContain('Only 2 of Masala Dosa were sent');
    expect(Object.keys(errorOf(tooMany).fields!)).toEqual(['quantity']);
    const unsent = await sentTable('V3b', 1, false);
    const none = await staff.void(unsent.tableId, {
      lineKey: unsent.key,
      managerId: mine.manager.id,
      pin: PIN,
    });
    expect(none.statusCode).toBe(409);
    expect(errorOf(none).message).toContain('has not been sent to the kitchen');
    expect(await t.database.db.select().from(voids).where(eq(voids.tableId, tableId))).toEqual([]);
  });

  it("refuses a reason that is not one of the branch's, naming reason", async () => {
    const { tableId, key } = await sentTable('V4', 1);
    const response = await staff.void(tableId, {
      lineKey: key,
      managerId: mine.manager.id,
      pin: PIN,
      reason: 'Because',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'voids.reason_unknown' });
    expect(Object.keys(errorOf(response).fields!)).toEqual(['reason']);
  });

  it('refuses bad input naming each field', async () => {
    const { tableId } = await sentTable('V5', 1);
    const response = await staff.call('POST', `/api/tables/${tableId}/voids`, {
      opId: 'x',
      lineKey: '',
      quantity: 0,
      reason: '',
      managerId: 'y',
      pin: '12',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorOf(response).fields!).sort()).toEqual(
      ['lineKey', 'managerId', 'opId', 'pin', 'quantity', 'reason'].sort(),
    );
  });

  it("answers 404 for another branch's table, another branch's manager, staff as manager, or a line not on the order", async () => {
    const { tableId, key } = await sentTable('V6', 1);
    const [their] = await t.database.db
      .insert(tables)
      .values({ branchId: other.branchId, label: 'Theirs' })
      .returning({ id: tables.id });
    const onTheirs = await staff.void(their!.id, {
      lineKey: key,
      managerId: mine.manager.id,
      pin: PIN,
    });
    expect(onTheirs.statusCode).toBe(404);
    expect(errorOf(onTheirs).code).toBe('tables.not_found');
    for (const managerId of [other.manager.id, mine.staff.id, uuidv7()]) {
      const response = await staff.void(tableId, { lineKey: key, managerId, pin: '2222' });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toMatchObject({ code: 'voids.manager_not_found' });
      expect(Object.keys(errorOf(response).fields!)).toEqual(['managerId']);
    }
    const gone = await staff.void(tableId, {
      lineKey: 'not-a-line',
      managerId: mine.manager.id,
      pin: PIN,
    });
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone).code).toBe('voids.line_not_found');
  });

  it('cannot be made by the kitchen account', async () => {
    const { tableId, key } = await sentTable('V7', 1);
    const response = await kitchen.void(tableId, {
      lineKey: key,
      managerId: mine.manager.id,
      pin: PIN,
    });
    expect(response.statusCode).toBe(403);
  });

  it('is made once per opId: a retry (also in parallel) answers the same void and takes nothing more off', async () => {
    const { tableId, key } = await sentTable('V8', 4);
    const body = { opId: uuidv7(), lineKey: key, managerId: mine.manager.id, pin: PIN };
    const first = await staff.void(tableId, body);
    expect(first.statusCode, first.body).toBe(200);
    const retries = await Promise.all([1, 2, 3].map(() => staff.void(tableId, body)));
    for (const retry of retries) {
      expect(retry.statusCode, retry.body).toBe(200);
      expect((retry.json() as VoidAnswer).void).toEqual((first.json() as VoidAnswer).void);
    }
    expect((await staff.order(tableId)).lines[0]!.quantity).toBe(3);
    expect(await t.database.db.select().from(voids).where(eq(voids.tableId, tableId))).toHaveLength(
      1,
    );
  });

  it('takes a line off only once when two voids race for its last sent item', async () => {
    const { tableId, key } = await sentTable('V9', 1);
    const responses = await Promise.all(
      [1, 2].map(() => staff.void(tableId, { lineKey: key, managerId: mine.manager.id, pin: PIN })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(await t.database.db.select().from(voids).where(eq(voids.tableId, tableId))).toHaveLength(
      1,
    );
  });
});

describe('wrong PINs', () => {
  it(`lock the PIN after ${PIN_MAX_FAILURES} in a row for ${PIN_LOCK_MINUTES} minutes; the right one resets the count; the lock ends with the time`, async () => {
    const branch = await createBranchFixture(t.database.db);
    const boss = voidsAs(t.app, await loginAs(t.app, branch.manager.email));
    const waiter = voidsAs(t.app, await loginAs(t.app, branch.staff.email));
    expect((await boss.setPin('4321')).statusCode).toBe(200);
    const product = await addProduct(t.database.db, branch.branchId, 'Tea', 2000);
    const tableId = await waiter.addTable('W1');
    for (let i = 0; i < 3; i++)
      expect((await waiter.tap(tableId, product, 1)).statusCode).toBe(200);
    await markAllSent(t.database.db, branch.branchId, tableId);
    const key = (await waiter.order(tableId)).lines[0]!.key;
    const attempt = (pin: string) =>
      waiter.void(tableId, { lineKey: key, managerId: branch.manager.id, pin });

    // Four wrong, then the right one: the count starts again.
    for (let i = 1; i < PIN_MAX_FAILURES; i++) {
      const wrong = await attempt('0000');
      expect(wrong.statusCode).toBe(400);
      expect(errorOf(wrong)).toMatchObject({ code: 'voids.pin_wrong' });
      expect(errorOf(wrong).message).toContain(`${PIN_MAX_FAILURES - i} `);
      expect(Object.keys(errorOf(wrong).fields!)).toEqual(['pin']);
    }
    expect((await attempt('4321')).statusCode).toBe(200);

    // Five wrong in a row lock it; the right PIN is refused while locked.
    for (let i = 1; i < PIN_MAX_FAILURES; i++) expect((await attempt('0000')).statusCode).toBe(400);
    const locking = await attempt('0000');
    expect(locking.statusCode).toBe(429);
    expect(errorOf(locking)).toMatchObject({ code: 'voids.pin_locked' });
    expect(errorOf(locking).message).toContain(`in ${PIN_LOCK_MINUTES} minutes`);
    t.clock.advance(5 * 60_000);
    const stillLocked = await attempt('4321');
    expect(stillLocked.statusCode).toBe(429);
    expect(errorOf(stillLocked).message).toContain(`in ${PIN_LOCK_MINUTES - 5} minutes`);
    expect((await auditsOf('pin.lock', branch.manager.id)).length).toBe(1);

    // The time passes: the right PIN approves again.
    t.clock.advance((PIN_LOCK_MINUTES - 5) * 60_000);
    const after = await attempt('4321');
    expect(after.statusCode, after.body).toBe(200);
    expect((await waiter.order(tableId)).lines[0]!.quantity).toBe(1);
  });

  it('cannot be raced past the limit: parallel wrong attempts lock it after exactly the limit', async () => {
    const branch = await createBranchFixture(t.database.db);
    const boss = voidsAs(t.app, await loginAs(t.app, branch.manager.email));
    const waiter = voidsAs(t.app, await loginAs(t.app, branch.staff.email));
    expect((await boss.setPin('5555')).statusCode).toBe(200);
    const product = await addProduct(t.database.db, branch.branchId, 'Tea', 2000);
    const tableId = await waiter.addTable('W2');
    expect((await waiter.tap(tableId, product, 1)).statusCode).toBe(200);
    await markAllSent(t.database.db, branch.branchId, tableId);
    const key = (await waiter.order(tableId)).lines[0]!.key;
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        waiter.void(tableId, { lineKey: key, managerId: branch.manager.id, pin: '0000' }),
      ),
    );
    const codes = responses.map((r) => errorOf(r).code);
    expect(codes.filter((c) => c === 'voids.pin_wrong')).toHaveLength(PIN_MAX_FAILURES - 1);
    expect(codes.filter((c) => c === 'voids.pin_locked')).toHaveLength(12 - (PIN_MAX_FAILURES - 1));
    expect((await auditsOf('pin.lock', branch.manager.id)).length).toBe(1);
    // The right PIN is locked out too.
    const right = await waiter.void(tableId, {
      lineKey: key,
      managerId: branch.manager.id,
      pin: '5555',
    });
    expect(right.statusCode).toBe(429);
  });
});

describe("the branch's own void reasons", () => {
  it('replace the defaults once the manager saves a list: the dialog offers them and a void must give one', async () => {
    const branch = await createBranchFixture(t.database.db);
    const boss = voidsAs(t.app, await loginAs(t.app, branch.manager.email));
    const waiter = voidsAs(t.app, await loginAs(t.app, branch.staff.email));
    expect((await boss.setPin('7777')).statusCode).toBe(200);
    await t.database.db
      .insert(kitchenSettings)
      .values({ branchId: branch.branchId, voidReasons: ['Spilled', 'Burnt'] });
    expect(((await waiter.approvers()).json() as ApproverList).reasons).toEqual([
      'Spilled',
      'Burnt',
    ]);
    const product = await addProduct(t.database.db, branch.branchId, 'Tea', 2000);
    const tableId = await waiter.addTable('R1');
    expect((await waiter.tap(tableId, product, 1)).statusCode).toBe(200);
    await markAllSent(t.database.db, branch.branchId, tableId);
    const key = (await waiter.order(tableId)).lines[0]!.key;
    const body = { lineKey: key, managerId: branch.manager.id, pin: '7777' };
    const defaultReason = await waiter.void(tableId, { ...body, reason: DEFAULT_VOID_REASONS[0] });
    expect(errorOf(defaultReason).code).toBe('voids.reason_unknown');
    const own = await waiter.void(tableId, { ...body, reason: 'Burnt' });
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json() as VoidAnswer).void.reason).toBe('Burnt');
  });
});

describe('the approvers list', () => {
  it('needs tables.use and lists nobody before a manager sets a PIN', async () => {
    const branch = await createBranchFixture(t.database.db);
    const waiter = voidsAs(t.app, await loginAs(t.app, branch.staff.email));
    expect((await waiter.approvers()).json()).toMatchObject({ items: [] });
    void coffee;
  });
});
