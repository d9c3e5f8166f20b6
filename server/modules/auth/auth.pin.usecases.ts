// Managers' approval PINs (docs/kitchen.md, "Voids"): a manager sets their own with their
// password; a void, a cash difference above the limit, complimentary items above the limit and
// marking a display are approved on a staff member's device by a manager's PIN. The PIN is a
// manager's credential, so it is auth's, as passwords and two-factor sign-in are: only a hash
// is kept (argon2id, as passwords); five wrong PINs in a row from one person on one device lock
// it for that person for a while, and the manager is told.
import { PIN_LOCK_MINUTES, PIN_MAX_FAILURES } from '../../../shared/kitchen';
import type { PinStatus } from '../../../shared/schemas/voids.schemas';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../mail/mailer';
import { findAccountById, liveManagers } from '../users/users.usecases';
import { authErrors } from './auth.errors';
import { hashPassword, verifyPassword } from './auth.password';
import { managerNotFound, pinLocked, pinWrong } from './auth.pin.errors';
import * as repo from './auth.pin.repository';
import { admitAccountCheck, markAttemptSucceeded, type Who } from './auth.sign-in.usecases';

const LOCK_MS = PIN_LOCK_MINUTES * 60_000;

/** Whether the signed-in manager has a PIN, and since when. */
export async function pinStatus({ db, userId }: { db: Db; userId: string }): Promise<PinStatus> {
  const at = (await repo.findPin(db, userId))?.updatedAt ?? null;
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
    const before = await repo.findPin(tx, userId);
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

/** The branch's live managers who have a PIN (who may approve here), by name. */
export async function pinApprovers({
  db,
  branchId,
}: {
  db: Db;
  branchId: string;
}): Promise<{ id: string; name: string }[]> {
  const managers = await liveManagers(db, branchId);
  const withPin = await repo.usersWithPin(
    db,
    managers.map((manager) => manager.id),
  );
  return managers.filter((manager) => withPin.has(manager.id));
}

/**
 * Checks a manager's PIN in one transaction with its count. Wrong PINs are counted per person
 * (the signed-in user typing it) and device (their session): the typer's row is locked first,
 * so parallel wrong attempts queue and each one sees the failures before it (the count cannot
 * be raced past PIN_MAX_FAILURES). The PIN_MAX_FAILURES-th wrong one in a row locks the PIN for
 * that person (on every device) for PIN_LOCK_MINUTES: the manager and other staff keep using it.
 * The manager is told: an audit entry (`pin.lock`, naming who) and a mail through the outbox.
 * A right PIN clears that person's count on the device. The refusal is thrown after the commit,
 * so the count it wrote stays. Answers the approving manager.
 */
export async function checkPin({
  db,
  clock,
  branchId,
  userId,
  sessionId,
  mailer,
  managerId,
  pin,
}: {
  db: Db;
  clock: Clock;
  branchId: string;
  /** Who types the PIN (their failures are counted, and locked). */
  userId: string;
  /** The device they type it on. */
  sessionId: string;
  /** Mails the manager of a lock (through the outbox, in the lock's transaction). */
  mailer?: Mailer;
  managerId: string;
  pin: string;
}): Promise<{ id: string; name: string }> {
  const outcome = await db.transaction(async (tx) => {
    const manager = (await findAccountById(tx, managerId))?.user;
    const pinHash = (await repo.findPin(tx, managerId))?.pinHash;
    const mayApprove =
      manager?.role === 'branch_manager' && manager.branchId === branchId && manager.isActive;
    if (!manager || !mayApprove || !pinHash) return { refusal: managerNotFound() };
    const typer = { managerId, userId, device: sessionId };
    const attempts = await repo.lockPinAttempts(tx, typer);
    const now = clock();
    if (attempts.lockedUntil && attempts.lockedUntil > now) {
      return { refusal: pinLocked(attempts.lockedUntil.getTime() - now.getTime()) };
    }
    if (await verifyPassword(pinHash, pin)) {
      if (attempts.failedAttempts > 0) await repo.setPinAttempts(tx, typer, 0, null);
      return { manager: { id: manager.id, name: manager.name } };
    }
    const failures = attempts.failedAttempts + 1;
    if (failures < PIN_MAX_FAILURES) {
      await repo.setPinAttempts(tx, typer, failures, null);
      return { refusal: pinWrong(PIN_MAX_FAILURES - failures) };
    }
    await repo.setPinAttempts(tx, typer, 0, new Date(now.getTime() + LOCK_MS));
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'pin.lock',
      entity: 'user',
      entityId: managerId,
      data: { failures, minutes: PIN_LOCK_MINUTES, lockedFor: userId },
      at: now,
    });
    const typist = (await findAccountById(tx, userId))?.user;
    if (mailer && typist) {
      await mailer.queue(tx, pinLockMail(manager.name, manager.email, typist.name));
    }
    return { refusal: pinLocked(LOCK_MS) };
  });
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.manager;
}

/** The mail telling a manager their PIN was locked for one person. */
export function pinLockMail(managerName: string, to: string, typistName: string) {
  const text = [
    `Hello ${managerName},`,
    '',
    `${typistName} typed ${PIN_MAX_FAILURES} wrong approval PINs for you in a row. Your PIN is ` +
      `locked for ${typistName} for ${PIN_LOCK_MINUTES} minutes; you and the rest of the team ` +
      'can still use it.',
    '',
    'If this was not a mistake, change your PIN in TableFlow (Settings → Approval PIN) and ' +
      'look at the audit trail.',
  ].join('\n');
  return { to, subject: `Your approval PIN was locked for ${typistName}`, text };
}
