// Managers' approval PINs (docs/kitchen.md, "Voids"): a manager sets their own with their
// password; a void is approved on the waiter's device by the manager's PIN. Only a hash is kept
// (argon2id, as passwords); five wrong PINs in a row lock it for a while.
import { DEFAULT_VOID_REASONS, PIN_LOCK_MINUTES, PIN_MAX_FAILURES } from '../../../shared/kitchen';
import type { ApproverList, PinStatus } from '../../../shared/schemas/voids.schemas';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { authErrors } from '../auth/auth.errors';
import { hashPassword, verifyPassword } from '../auth/auth.password';
import { admitAccountCheck, markAttemptSucceeded, type Who } from '../auth/auth.sign-in.usecases';
import { findAccountById } from '../users/users.usecases';
import { managerNotFound, pinLocked, pinWrong } from './voids.errors';
import * as repo from './voids.repository';

const LOCK_MS = PIN_LOCK_MINUTES * 60_000;

/** Whether the signed-in manager has a PIN, and since when. */
export async function pinStatus({ db, userId }: { db: Db; userId: string }): Promise<PinStatus> {
  const at = await repo.pinSetAt(db, userId);
  return { set: at !== null, updatedAt: at?.toISOString() ?? null };
}

/**
 * Sets or changes the signed-in manager's own PIN. Their password is checked under the login
 * limits (a session left open cannot be used to guess it); the PIN is hashed, never logged, and
 * the audit trail says only that it was set.
 */
export async function setPin({
  db,
  clock,
  branchId,
  userId,
  currentPassword,
  pin,
  who,
}: {
  db: Db;
  clock: Clock;
  branchId: string;
  userId: string;
  currentPassword: string;
  pin: string;
  who: Who;
}): Promise<PinStatus> {
  const now = clock();
  const attemptId = await admitAccountCheck(db, { userId, who, now });
  const account = await findAccountById(db, userId);
  if (!account || !(await verifyPassword(account.user.passwordHash, currentPassword))) {
    throw authErrors.wrongCurrentPassword(false);
  }
  await markAttemptSucceeded(db, attemptId);
  const pinHash = await hashPassword(pin);
  await db.transaction(async (tx) => {
    const before = await repo.pinSetAt(tx, userId);
    await repo.upsertPin(tx, userId, pinHash, now);
    await recordAudit(tx, {
      branchId,
      userId,
      action: before ? 'pin.change' : 'pin.set',
      entity: 'user',
      entityId: userId,
      at: now,
    });
  });
  return { set: true, updatedAt: now.toISOString() };
}

/** The branch's managers who may approve a void here (they have a PIN), by name, and its reasons. */
export async function listApprovers({
  db,
  branchId,
}: {
  db: Db;
  branchId: string;
}): Promise<ApproverList> {
  return {
    items: await repo.approvers(db, branchId),
    reasons: [...((await repo.voidReasons(db, branchId)) ?? DEFAULT_VOID_REASONS)],
  };
}

/**
 * Checks a manager's PIN in one transaction with its count: the manager's PIN row is locked
 * first, so parallel wrong attempts queue and each one sees the failures before it (the count
 * cannot be raced past PIN_MAX_FAILURES). A locked PIN is refused without checking it; a wrong
 * one adds a failure, and the PIN_MAX_FAILURES-th in a row locks it for PIN_LOCK_MINUTES (its
 * count starting again); a right one clears the count. The refusal is thrown after the commit,
 * so the count it wrote stays. Answers the approving manager.
 */
export async function checkPin({
  db,
  clock,
  branchId,
  userId,
  managerId,
  pin,
}: {
  db: Db;
  clock: Clock;
  branchId: string;
  /** Who asks (the audit of a lock names them). */
  userId: string;
  managerId: string;
  pin: string;
}): Promise<{ id: string; name: string }> {
  const outcome = await db.transaction(async (tx) => {
    const manager = await repo.findManagerPin(tx, branchId, managerId, true);
    if (!manager) return { refusal: managerNotFound() };
    const now = clock();
    if (manager.lockedUntil && manager.lockedUntil > now) {
      return { refusal: pinLocked(manager.lockedUntil.getTime() - now.getTime()) };
    }
    if (await verifyPassword(manager.pinHash, pin)) {
      if (manager.failedAttempts > 0 || manager.lockedUntil) {
        await repo.setPinFailures(tx, managerId, 0, null);
      }
      return { manager: { id: manager.id, name: manager.name } };
    }
    const failures = manager.failedAttempts + 1;
    if (failures < PIN_MAX_FAILURES) {
      await repo.setPinFailures(tx, managerId, failures, null);
      return { refusal: pinWrong(PIN_MAX_FAILURES - failures) };
    }
    await repo.setPinFailures(tx, managerId, 0, new Date(now.getTime() + LOCK_MS));
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'pin.lock',
      entity: 'user',
      entityId: managerId,
      data: { failures, minutes: PIN_LOCK_MINUTES },
      at: now,
    });
    return { refusal: pinLocked(LOCK_MS) };
  });
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.manager;
}
