import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type {
  StaffList,
  StaffMember,
  createStaffBodySchema,
  updateStaffBodySchema,
} from '../../../shared/schemas/staff.schemas';
import { hashPassword } from '../auth/auth.password';
import { deleteUserSessions, emailInUse, insertUser, setPassword } from '../auth/auth.repository';
import * as repo from './staff.repository';

type StaffRow = NonNullable<Awaited<ReturnType<typeof repo.findStaff>>>;
const view = (row: StaffRow): StaffMember => ({ ...row, createdAt: row.createdAt.toISOString() });

const emailTaken = 'This email is already in use';
const limitMessage = (limit: number) =>
  `Your plan allows ${limit} active staff. Deactivate someone first, or ask TableFlow to raise the limit.`;

export async function listBranchStaff({
  db,
  branchId,
}: {
  db: Db;
  branchId: string;
}): Promise<StaffList> {
  const [items, activeCount, limit] = await Promise.all([
    repo.listStaff(db, branchId),
    repo.countActiveStaff(db, branchId),
    repo.branchUserLimit(db, branchId),
  ]);
  return { items: items.map(view), numberOfUsers: limit, activeCount };
}

async function assertPlaceLeft(tx: Parameters<typeof repo.countActiveStaff>[0], branchId: string) {
  const limit = await repo.branchUserLimit(tx, branchId, { lock: true });
  if ((await repo.countActiveStaff(tx, branchId)) >= limit) {
    throw conflict('staff.limit_reached', limitMessage(limit));
  }
}

/** A new staff account with a temporary password, changed at its first login. */
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
      await assertPlaceLeft(tx, branchId);
      if (await emailInUse(tx, input.email)) {
        throw conflict('staff.email_taken', emailTaken, { email: emailTaken });
      }
      return insertUser(tx, {
        role: 'staff',
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
    if (uniqueViolation(error))
      throw conflict('staff.email_taken', emailTaken, { email: emailTaken });
    throw error;
  }
}

async function mustFindStaff(db: Db, branchId: string, id: string) {
  const row = await repo.findStaff(db, branchId, id);
  // Another branch's staff member answers exactly like one that does not exist.
  if (!row) throw notFound('staff.not_found', 'Staff member not found');
  return row;
}

/**
 * Rename, change plan dates, activate (within the limit) or deactivate. A deactivated member's
 * sessions stop working at once: every request re-checks the account, answers 'Subuser account
 * is inactive...' and deletes the session. The sessions are left for that check to end (deleting
 * them here would turn the message into a bare 401), and any still there are deleted on
 * reactivation, so a session from before the deactivation never comes back.
 */
export async function updateStaffMember({
  db,
  clock,
  branchId,
  id,
  input,
}: {
  db: Db;
  clock: Clock;
  branchId: string;
  id: string;
  input: z.output<typeof updateStaffBodySchema>;
}): Promise<StaffMember> {
  const current = await mustFindStaff(db, branchId, id);
  const activeDate = input.activeDate ?? current.activeDate;
  const deactiveDate = input.deactiveDate ?? current.deactiveDate;
  if (activeDate && deactiveDate && deactiveDate < activeDate) {
    const message = 'End date cannot be before the start date';
    // Bad input like any other (the schema gives the same answer when both dates are sent).
    throw badRequest('staff.plan_dates', message, { deactiveDate: message });
  }
  await db.transaction(async (tx) => {
    if (input.isActive === true && !current.isActive) {
      await assertPlaceLeft(tx, branchId);
      await deleteUserSessions(tx, id);
    }
    await repo.updateStaff(tx, branchId, id, { ...input, updatedAt: clock() });
  });
  return view((await repo.findStaff(db, branchId, id))!);
}

export async function resetStaffPassword({
  db,
  clock,
  branchId,
  id,
  newPassword,
}: {
  db: Db;
  clock: Clock;
  branchId: string;
  id: string;
  newPassword: string;
}): Promise<void> {
  await mustFindStaff(db, branchId, id);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await setPassword(tx, id, passwordHash, { mustChange: true, at: clock() });
    await deleteUserSessions(tx, id);
  });
}
