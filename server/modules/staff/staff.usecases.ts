import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/db-errors';
import type {
  StaffList,
  StaffMember,
  createStaffBodySchema,
  updateStaffBodySchema,
} from '../../../shared/schemas/staff.schemas';
import { endUserSessions, hashPassword, setNewPassword } from '../auth/auth.usecases';
import { emailInUse, insertUser } from '../users/users.usecases';
import {
  endAfterBranchPlan,
  endBeforeStart,
  limitReached,
  staffEmailTaken,
  staffNotFound,
} from './staff.errors';
import * as repo from './staff.repository';

type StaffRow = NonNullable<Awaited<ReturnType<typeof repo.findStaff>>>;
const view = (row: StaffRow): StaffMember => ({
  ...row,
  // The repository reads STAFF_ACCOUNT_ROLES only.
  role: row.role as StaffMember['role'],
  createdAt: row.createdAt.toISOString(),
});

export async function listBranchStaff({
  db,
  branchId,
}: {
  db: Db;
  branchId: string;
}): Promise<StaffList> {
  const [items, activeCount, plan] = await Promise.all([
    repo.listStaff(db, branchId),
    repo.countActiveStaff(db, branchId),
    repo.branchPlan(db, branchId),
  ]);
  return {
    items: items.map(view),
    numberOfUsers: plan.numberOfUsers,
    activeCount,
    branchPlan: { activeDate: plan.activeDate, deactiveDate: plan.deactiveDate },
  };
}

/** Locks the branch row for the rest of the transaction and answers its plan. */
const lockBranchPlan = (tx: DbOrTx, branchId: string) =>
  repo.branchPlan(tx, branchId, { lock: true });

async function assertPlaceLeft(tx: DbOrTx, branchId: string, limit: number) {
  if ((await repo.countActiveStaff(tx, branchId)) >= limit) throw limitReached(limit);
}

/** A staff member's plan ends by the branch's last day. */
function assertWithinBranchPlan(deactiveDate: string | null, branchEnd: string) {
  if (deactiveDate && deactiveDate > branchEnd) throw endAfterBranchPlan(branchEnd);
}

/**
 * A new staff or kitchen display account with a temporary password, changed at its first
 * login; either takes a place of the branch's user limit.
 */
export async function addStaff({
  db,
  clock,
  branchId,
  input,
}: {
  db: Db;
  clock: Clock;
  branchId: string;
  input: z.output<typeof createStaffBodySchema>;
}): Promise<StaffMember> {
  const passwordHash = await hashPassword(input.password);
  const now = clock();
  try {
    const id = await db.transaction(async (tx) => {
      const plan = await lockBranchPlan(tx, branchId);
      assertWithinBranchPlan(input.deactiveDate, plan.deactiveDate);
      await assertPlaceLeft(tx, branchId, plan.numberOfUsers);
      if (await emailInUse(tx, input.email)) throw staffEmailTaken();
      return insertUser(tx, {
        role: input.role,
        branchId,
        name: input.name,
        email: input.email,
        passwordHash,
        mustChangePassword: true,
        activeDate: input.activeDate,
        deactiveDate: input.deactiveDate,
        createdAt: now,
        updatedAt: now,
      });
    });
    return view((await repo.findStaff(db, branchId, id))!);
  } catch (error) {
    if (uniqueViolation(error)) throw staffEmailTaken();
    throw error;
  }
}

async function mustFindStaff(db: DbOrTx, branchId: string, id: string) {
  const row = await repo.findStaff(db, branchId, id);
  if (!row) throw staffNotFound();
  return row;
}

/**
 * Rename, change plan dates, activate (within the limit) or deactivate. A deactivated member's
 * sessions stop working at once: every request re-checks the account, answers 'Subuser account
 * is inactive...' and deletes the session. The sessions are left for that check to end (deleting
 * them here would turn the message into a bare 401), and any still there are deleted on
 * reactivation, so a session from before the deactivation never comes back. Activation,
 * deactivation and plan changes are audited with the manager who made them.
 */
export async function updateStaffMember({
  db,
  clock,
  branchId,
  id,
  input,
  actorId,
}: {
  db: Db;
  clock: Clock;
  branchId: string;
  id: string;
  input: z.output<typeof updateStaffBodySchema>;
  actorId: string;
}): Promise<StaffMember> {
  const now = clock();
  await db.transaction(async (tx) => {
    const plan = await lockBranchPlan(tx, branchId);
    const current = await mustFindStaff(tx, branchId, id);
    const activeDate = input.activeDate ?? current.activeDate;
    const deactiveDate = input.deactiveDate ?? current.deactiveDate;
    const datesChange = activeDate !== current.activeDate || deactiveDate !== current.deactiveDate;
    if (activeDate && deactiveDate && deactiveDate < activeDate) throw endBeforeStart();
    if (datesChange) assertWithinBranchPlan(deactiveDate, plan.deactiveDate);
    const activation = input.isActive;
    if (activation === true && !current.isActive) {
      await assertPlaceLeft(tx, branchId, plan.numberOfUsers);
      await endUserSessions(tx, id);
    }
    await repo.updateStaff(tx, branchId, id, { ...input, updatedAt: now });
    const audit = { branchId, userId: actorId, entity: 'user', entityId: id, at: now };
    if (activation !== undefined && activation !== current.isActive) {
      await recordAudit(tx, {
        ...audit,
        action: activation ? 'staff.activate' : 'staff.deactivate',
      });
    }
    if (datesChange) {
      await recordAudit(tx, {
        ...audit,
        action: 'staff.plan_change',
        data: {
          from: { activeDate: current.activeDate, deactiveDate: current.deactiveDate },
          to: { activeDate, deactiveDate },
        },
      });
    }
  });
  return view((await repo.findStaff(db, branchId, id))!);
}

export async function resetStaffPassword({
  db,
  clock,
  branchId,
  id,
  newPassword,
  actorId,
}: {
  db: Db;
  clock: Clock;
  branchId: string;
  id: string;
  newPassword: string;
  actorId: string;
}): Promise<void> {
  await mustFindStaff(db, branchId, id);
  const passwordHash = await hashPassword(newPassword);
  const now = clock();
  await db.transaction(async (tx) => {
    await setNewPassword(tx, { userId: id, passwordHash, mustChange: true, at: now });
    await recordAudit(tx, {
      branchId,
      userId: actorId,
      action: 'user.password_reset',
      entity: 'user',
      entityId: id,
      at: now,
    });
  });
}
