import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';
import { DEFAULT_TIME_ZONE, businessDate, planStatus } from '../../../shared/dates';
import { MESSAGES } from '../../../shared/messages';
import type {
  BranchView,
  createBranchBodySchema,
  updatePlanBodySchema,
} from '../../../shared/schemas/branches.schemas';
import type { z } from 'zod';
import { hashPassword } from '../auth/auth.password';
import {
  deleteBranchSessions,
  deleteUserSessions,
  emailInUse,
  insertUser,
  setPassword,
} from '../auth/auth.repository';
import * as repo from './branches.repository';

type CreateBranchInput = z.output<typeof createBranchBodySchema>;
type PlanInput = z.output<typeof updatePlanBodySchema>;

/** A branch as the super admin sees it, with its plan state on the server's clock. */
export function branchView(row: repo.BranchRow, now: Date): BranchView {
  const plan = planStatus(row, businessDate(now, row.timeZone));
  const status = !row.isActive
    ? { state: 'deactivated' as const, daysLeft: null, startsInDays: null }
    : {
        state: plan.state,
        daysLeft: plan.state === 'active' ? plan.daysLeft : null,
        startsInDays: plan.state === 'not_active_yet' ? plan.startsInDays : null,
      };
  return { ...row, createdAt: row.createdAt.toISOString(), status };
}

const codeTaken = 'This branch code is already taken';
const emailTaken = 'This email is already in use';

/**
 * Creates the branch and its manager in one transaction, and queues the welcome mail in it too:
 * the manager's password is a temporary one (changed at first login) and is never mailed.
 */
export async function createBranch({
  db,
  clock,
  mailer,
  publicUrl,
  input,
  actorId,
}: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  input: CreateBranchInput;
  actorId: string;
}): Promise<BranchView> {
  const now = clock();
  if (input.activeDate < businessDate(now, DEFAULT_TIME_ZONE)) {
    throw badRequest('branches.start_in_past', MESSAGES.branch.startDateBeforeToday, {
      activeDate: MESSAGES.branch.startDateBeforeToday,
    });
  }
  const passwordHash = await hashPassword(input.password);
  let branchId: string;
  try {
    branchId = await db.transaction(async (tx) => {
      const taken = {
        code: await repo.branchCodeTaken(tx, input.branchCode),
        email: await emailInUse(tx, input.email),
      };
      if (taken.code || taken.email) {
        throw conflict('branches.taken', taken.code ? codeTaken : emailTaken, {
          ...(taken.code ? { branchCode: codeTaken } : {}),
          ...(taken.email ? { email: emailTaken } : {}),
        });
      }
      const id = await repo.insertBranch(tx, {
        code: input.branchCode,
        name: input.branchName,
        ownerName: input.ownerName,
        email: input.email,
        location: input.location,
        subscriptionType: input.subscriptionType,
        activeDate: input.activeDate,
        deactiveDate: input.deactiveDate,
        numberOfUsers: input.numberOfUsers,
        amountPaise: input.amountPaise,
        timeZone: DEFAULT_TIME_ZONE,
        createdAt: now,
        updatedAt: now,
      });
      await insertUser(tx, {
        role: 'branch_manager',
        branchId: id,
        name: input.ownerName,
        email: input.email,
        passwordHash,
        mustChangePassword: true,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(auditLog).values({
        branchId: id,
        userId: actorId,
        action: 'branch.create',
        entity: 'branch',
        entityId: id,
        data: { code: input.branchCode, plan: input.subscriptionType },
        createdAt: now,
      });
      await mailer.queue(tx, {
        to: input.email,
        subject: `Welcome to TableFlow, ${input.branchName}`,
        text: [
          `Hello ${input.ownerName},`,
          '',
          `Your branch ${input.branchName} (code ${input.branchCode}) is ready on TableFlow.`,
          `Log in at ${publicUrl}/login with this email address and the temporary password you`,
          'were given. You will be asked to choose your own password at the first login.',
          '',
          `Plan: ${input.subscriptionType}, from ${input.activeDate} to ${input.deactiveDate}.`,
        ].join('\n'),
      });
      return id;
    });
  } catch (error) {
    // Two admins racing for one code or email: the unique keys decide.
    const constraint = uniqueViolation(error);
    if (constraint?.includes('code'))
      throw conflict('branches.taken', codeTaken, { branchCode: codeTaken });
    if (constraint?.includes('email'))
      throw conflict('branches.taken', emailTaken, { email: emailTaken });
    throw error;
  }
  void mailer.deliver();
  return branchView((await repo.findBranch(db, branchId))!, now);
}

export async function listBranchViews({
  db,
  clock,
  search,
}: {
  db: Db;
  clock: Clock;
  search?: string;
}) {
  const now = clock();
  return (await repo.listBranches(db, search)).map((row) => branchView(row, now));
}

async function mustFindBranch(db: Db, id: string) {
  const row = await repo.findBranch(db, id);
  if (!row) throw notFound('branches.not_found', 'Branch not found');
  return row;
}

/** Renew or extend a plan: new dates, type, users and amount. */
export async function updatePlan({
  db,
  clock,
  id,
  input,
}: {
  db: Db;
  clock: Clock;
  id: string;
  input: PlanInput;
}): Promise<BranchView> {
  const branch = await mustFindBranch(db, id);
  if (input.numberOfUsers !== undefined && input.numberOfUsers < branch.activeStaff) {
    const message = `This branch has ${branch.activeStaff} active staff: allow at least that many users, or deactivate staff first`;
    throw badRequest('branches.users_below_active_staff', message, { numberOfUsers: message });
  }
  await repo.updateBranch(db, id, { ...input, updatedAt: clock() });
  return branchView((await repo.findBranch(db, id))!, clock());
}

/**
 * Deactivating stops the branch at once: every request of its sessions is refused from now on
 * with the account message (and that session deleted), so users learn why. Reactivating
 * deletes sessions left from before, so none of them comes back to life; users log in again.
 */
export async function setBranchActive({
  db,
  clock,
  id,
  isActive,
}: {
  db: Db;
  clock: Clock;
  id: string;
  isActive: boolean;
}): Promise<BranchView> {
  await mustFindBranch(db, id);
  await db.transaction(async (tx) => {
    await repo.updateBranch(tx, id, { isActive, updatedAt: clock() });
    if (isActive) await deleteBranchSessions(tx, id);
  });
  return branchView((await repo.findBranch(db, id))!, clock());
}

/** A temporary password for the manager: changed at next login; their sessions end now. */
export async function resetManagerPassword({
  db,
  clock,
  id,
  newPassword,
}: {
  db: Db;
  clock: Clock;
  id: string;
  newPassword: string;
}): Promise<void> {
  await mustFindBranch(db, id);
  const manager = await repo.findManager(db, id);
  if (!manager) throw notFound('branches.no_manager', 'This branch has no manager account');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await setPassword(tx, manager.id, passwordHash, { mustChange: true, at: clock() });
    await deleteUserSessions(tx, manager.id);
  });
}
