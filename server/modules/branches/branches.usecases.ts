import type { Db, DbOrTx } from '../../db/client';
import type { NewBranch } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/db-errors';
import { conflict } from '../../lib/errors';
import type { MailOutcome, Mailer } from '../../mail/mailer';
import {
  DEFAULT_TIME_ZONE,
  businessDate,
  formatDisplayDate,
  planStatus,
} from '../../../shared/dates';
import { planName } from '../../../shared/plans';
import type {
  BranchView,
  createBranchBodySchema,
  updatePlanBodySchema,
} from '../../../shared/schemas/branches.schemas';
import type { z } from 'zod';
import { endBranchSessions, hashPassword, setNewPassword } from '../auth/auth.usecases';
import { emailInUse, insertUser } from '../users/users.usecases';
import { USER_MESSAGES } from '../users/users.errors';
import {
  BRANCH_MESSAGES,
  branchNotFound,
  codeTaken,
  noManager,
  startInPast,
  usersBelowActiveStaff,
} from './branches.errors';
import { createDefaultTaxProfile } from './tax-profiles';
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

/** A taken branch code, email or both: each message goes under its own field. */
function takenError(taken: { code: boolean; email: boolean }) {
  if (!taken.email) return codeTaken();
  const email = USER_MESSAGES.emailTaken;
  if (!taken.code) return conflict('branches.email_taken', email, { email });
  const code = BRANCH_MESSAGES.codeTaken;
  return conflict('branches.code_taken', `${code}. ${email}.`, { branchCode: code, email });
}

/** What the plan is, in words for a mail: 'Super, from 22 Nov 2026 to 21 May 2027'. */
const planInWords = (plan: Pick<repo.BranchRow, 'plan' | 'activeDate' | 'deactiveDate'>) =>
  `${planName(plan.plan)}, from ${formatDisplayDate(plan.activeDate)} to ${formatDisplayDate(plan.deactiveDate)}`;

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
}): Promise<BranchView & { welcomeMail: MailOutcome }> {
  const now = clock();
  if (input.activeDate < businessDate(now, DEFAULT_TIME_ZONE)) throw startInPast();
  const passwordHash = await hashPassword(input.password);
  let created: { branchId: string; mailId: string };
  try {
    created = await db.transaction(async (tx) => {
      const taken = {
        code: await repo.branchCodeTaken(tx, input.branchCode),
        email: await emailInUse(tx, input.email),
      };
      if (taken.code || taken.email) throw takenError(taken);
      const id = await repo.insertBranch(tx, {
        code: input.branchCode,
        name: input.branchName,
        ownerName: input.ownerName,
        email: input.email,
        location: input.location,
        subscriptionType: input.subscriptionType,
        plan: input.plan,
        activeDate: input.activeDate,
        deactiveDate: input.deactiveDate,
        numberOfUsers: input.numberOfUsers,
        amountPaise: input.amountPaise,
        timeZone: DEFAULT_TIME_ZONE,
        createdAt: now,
        updatedAt: now,
      });
      await createDefaultTaxProfile(tx, id, now);
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
      await recordAudit(tx, {
        branchId: id,
        userId: actorId,
        action: 'branch.create',
        entity: 'branch',
        entityId: id,
        data: {
          code: input.branchCode,
          plan: input.plan,
          subscriptionType: input.subscriptionType,
        },
        at: now,
      });
      const mailId = await mailer.queue(tx, {
        to: input.email,
        subject: `Welcome to TableFlow, ${input.branchName}`,
        text: [
          `Hello ${input.ownerName},`,
          '',
          `Your branch ${input.branchName} (code ${input.branchCode}) is ready on TableFlow.`,
          '',
          `Log in at ${publicUrl}/login with this email address and the temporary password you were given. You will be asked to choose your own password at the first login.`,
          '',
          `Plan: ${planInWords(input)}, both days included.`,
        ].join('\n'),
      });
      return { branchId: id, mailId };
    });
  } catch (error) {
    // Two admins racing for one code or email: the unique keys decide.
    const constraint = uniqueViolation(error);
    if (constraint?.includes('code')) throw takenError({ code: true, email: false });
    if (constraint?.includes('email')) throw takenError({ code: false, email: true });
    throw error;
  }
  // The super admin is told whether the welcome mail left or waits in the outbox.
  const welcomeMail = await mailer.deliverNow(created.mailId);
  return { ...branchView((await repo.findBranch(db, created.branchId))!, now), welcomeMail };
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

/** The branch row, locked until the transaction ends; 404 when there is none. */
async function lockBranch(tx: Parameters<typeof repo.findBranch>[0], id: string) {
  const row = await repo.findBranch(tx, id, { lock: true });
  if (!row) throw branchNotFound();
  return row;
}

const planOf = (row: repo.BranchRow) => ({
  plan: row.plan,
  subscriptionType: row.subscriptionType,
  activeDate: row.activeDate,
  deactiveDate: row.deactiveDate,
  numberOfUsers: row.numberOfUsers,
  amountPaise: row.amountPaise,
});

/** Renew or extend a plan: new plan or type, dates, users and amount; audited from → to. */
export async function updatePlan({
  db,
  clock,
  id,
  input,
  actorId,
}: {
  db: Db;
  clock: Clock;
  id: string;
  input: PlanInput;
  actorId: string;
}): Promise<BranchView> {
  const now = clock();
  await db.transaction(async (tx) => {
    const branch = await lockBranch(tx, id);
    if (input.numberOfUsers !== undefined && input.numberOfUsers < branch.activeStaff) {
      throw usersBelowActiveStaff(branch.activeStaff);
    }
    await repo.updateBranch(tx, id, { ...input, updatedAt: now });
    const after = (await repo.findBranch(tx, id))!;
    await recordAudit(tx, {
      branchId: id,
      userId: actorId,
      action: 'branch.plan_change',
      entity: 'branch',
      entityId: id,
      data: { from: planOf(branch), to: planOf(after) },
      at: now,
    });
  });
  return branchView((await repo.findBranch(db, id))!, now);
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
  actorId,
}: {
  db: Db;
  clock: Clock;
  id: string;
  isActive: boolean;
  actorId: string;
}): Promise<BranchView> {
  const now = clock();
  await db.transaction(async (tx) => {
    const branch = await lockBranch(tx, id);
    await repo.updateBranch(tx, id, { isActive, updatedAt: now });
    if (isActive) await endBranchSessions(tx, id);
    if (branch.isActive === isActive) return;
    await recordAudit(tx, {
      branchId: id,
      userId: actorId,
      action: isActive ? 'branch.activate' : 'branch.deactivate',
      entity: 'branch',
      entityId: id,
      at: now,
    });
  });
  return branchView((await repo.findBranch(db, id))!, now);
}

/** A temporary password for the manager: changed at next login; their sessions end now. */
export async function resetManagerPassword({
  db,
  clock,
  id,
  newPassword,
  actorId,
}: {
  db: Db;
  clock: Clock;
  id: string;
  newPassword: string;
  actorId: string;
}): Promise<void> {
  if (!(await repo.findBranch(db, id))) throw branchNotFound();
  const manager = await repo.findManager(db, id);
  if (!manager) throw noManager();
  const passwordHash = await hashPassword(newPassword);
  const now = clock();
  await db.transaction(async (tx) => {
    await setNewPassword(tx, { userId: manager.id, passwordHash, mustChange: true, at: now });
    await recordAudit(tx, {
      branchId: id,
      userId: actorId,
      action: 'user.password_reset',
      entity: 'user',
      entityId: manager.id,
      at: now,
    });
  });
}

/**
 * The demo seed (server/demo): writes the demo branch as given (its id, plan and dates are the
 * seed's, so the demo is the same on every start), with no audit entry and no manager mail.
 */
export async function recordDemoBranch(tx: DbOrTx, row: NewBranch): Promise<void> {
  await repo.insertBranch(tx, row);
}
