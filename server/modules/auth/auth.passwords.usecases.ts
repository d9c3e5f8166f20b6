// Passwords: the one way a password changes, the signed-in user's change, the forgot-password
// link, and the operator's new super admin (with a temporary password).
import type { Db, DbOrTx } from '../../db/client';
import type { BackgroundTasks } from '../../lib/background';
import { recordAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/db-errors';
import type { Mailer } from '../../mail/mailer';
import type { Session } from '../../../shared/schemas/auth.schemas';
import { suggestTemporaryPassword } from '../../../shared/temporary-password';
import * as users from '../users/users.usecases';
import { authErrors } from './auth.errors';
import { hashPassword, verifyPassword } from './auth.password';
import * as repo from './auth.repository';
import { sessionView, type AuthContext } from './auth.sessions.usecases';
import { admitAccountCheck, markAttemptSucceeded, type Who } from './auth.sign-in.usecases';
import { hashToken, newToken } from './auth.tokens';

const MINUTE = 60_000;

/** Forgot-password requests per hour, per email as typed and per address. */
export const RESET_LIMITS = { windowMs: 60 * MINUTE, perEmail: 3, perAddress: 10 } as const;
export const RESET_LINK_TTL_MS = 30 * MINUTE;

/**
 * The one way a password changes (own change, reset link, admin or manager reset): the hash is
 * stored, and the user's sessions (but `keepSessionId`), every reset link and every login
 * waiting for its second step end with it.
 */
export async function setNewPassword(
  tx: DbOrTx,
  {
    userId,
    passwordHash,
    mustChange,
    at,
    keepSessionId,
  }: {
    userId: string;
    passwordHash: string;
    mustChange: boolean;
    at: Date;
    keepSessionId?: string;
  },
): Promise<void> {
  await users.setPasswordHash(tx, userId, passwordHash, { mustChange, at });
  await repo.deleteSessionsOf(tx, [userId], keepSessionId);
  await repo.deleteResetTokens(tx, userId);
  await repo.deletePendingLoginsOf(tx, userId);
}

/**
 * Changes the signed-in user's password and ends their other sessions at once. The current
 * password is checked under the login limits, so a stolen session cannot guess it.
 */
export async function changePassword({
  db,
  clock,
  auth,
  currentPassword,
  newPassword,
  who,
}: {
  db: Db;
  clock: Clock;
  auth: AuthContext;
  currentPassword: string;
  newPassword: string;
  who: Who;
}): Promise<Session> {
  const now = clock();
  const attemptId = await admitAccountCheck(db, { userId: auth.user.id, who, now });
  const account = await users.findAccountById(db, auth.user.id);
  if (!account || !(await verifyPassword(account.user.passwordHash, currentPassword))) {
    throw authErrors.wrongCurrentPassword(auth.user.mustChangePassword);
  }
  await markAttemptSucceeded(db, attemptId);
  if (currentPassword === newPassword) throw authErrors.samePassword();
  const passwordHash = await hashPassword(newPassword);
  await db.transaction((tx) =>
    setNewPassword(tx, {
      userId: auth.user.id,
      passwordHash,
      mustChange: false,
      at: now,
      keepSessionId: auth.sessionId,
    }),
  );
  return sessionView(
    { user: { ...account.user, mustChangePassword: false }, branch: account.branch },
    auth,
  );
}

/**
 * Forgot password. The request itself does the same work whatever the email (count and record
 * the request under the limits); looking the account up and mailing a link happen after the
 * answer, so neither the answer nor its timing tells which emails have an account.
 */
export async function requestPasswordReset({
  db,
  clock,
  mailer,
  tasks,
  publicUrl,
  email,
  ip,
}: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  tasks: BackgroundTasks;
  publicUrl: string;
  email: string;
  ip: string;
}): Promise<void> {
  const now = clock();
  const since = new Date(now.getTime() - RESET_LIMITS.windowMs);
  await db.transaction(async (tx) => {
    await repo.lockKeys(tx, [`reset:${email}`, `reset-ip:${ip}`]);
    const counts = await repo.resetRequestCounts(tx, { email, ip }, since);
    if (counts.email >= RESET_LIMITS.perEmail || counts.address >= RESET_LIMITS.perAddress) {
      throw authErrors.tooManyAttempts();
    }
    await repo.insertResetRequest(tx, { email, ip, createdAt: now });
  });
  tasks.run('password reset mail', () => mailResetLink({ db, mailer, publicUrl, email, now }));
}

/** One live link per account: a new link replaces every older one. */
async function mailResetLink({
  db,
  mailer,
  publicUrl,
  email,
  now,
}: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  email: string;
  now: Date;
}) {
  const account = await users.findAccountByEmail(db, email);
  if (!account) return;
  const token = newToken();
  const link = `${publicUrl}/reset-password?token=${token}`;
  await db.transaction(async (tx) => {
    // Two requests at once must still leave one link: the second waits, then replaces the first.
    await repo.lockKeys(tx, [`reset-link:${account.user.id}`]);
    await repo.deleteResetTokens(tx, account.user.id);
    await repo.insertResetToken(tx, {
      userId: account.user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
      createdAt: now,
    });
    await mailer.queue(tx, {
      to: account.user.email,
      subject: 'Reset your TableFlow password',
      text: [
        `Hello ${account.user.name},`,
        '',
        'Someone (we hope you) asked to reset the password of your TableFlow account.',
        `Open this link within 30 minutes to choose a new password:`,
        link,
        '',
        'If you did not ask for this, ignore this mail: your password stays as it is.',
      ].join('\n'),
    });
  });
  await mailer.deliver();
}

/** Whether a reset link can still set a password (the page says so before showing a form). */
export async function resetLinkUsable({
  db,
  clock,
  token,
}: {
  db: Db;
  clock: Clock;
  token: string;
}): Promise<boolean> {
  return (await repo.findUsableResetToken(db, hashToken(token), clock())) !== null;
}

export async function resetPassword({
  db,
  clock,
  token,
  newPassword,
}: {
  db: Db;
  clock: Clock;
  token: string;
  newPassword: string;
}): Promise<void> {
  const now = clock();
  const row = await repo.findUsableResetToken(db, hashToken(token), now);
  if (!row) throw authErrors.resetLinkInvalid();
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    if (!(await repo.consumeResetToken(tx, row.id, now))) throw authErrors.resetLinkInvalid();
    await setNewPassword(tx, { userId: row.userId, passwordHash, mustChange: false, at: now });
  });
}

/**
 * A super admin made by the operator on the server (`npm run create-admin`): the first one of a
 * production database started without the demo, or one more. It gets a temporary password,
 * changed at its first login, and like every super admin it sets up two-factor sign-in before
 * it reaches anything else. Written to the audit trail. Null when the email is taken.
 */
export async function createSuperAdminByOperator({
  db,
  clock,
  email,
  name,
}: {
  db: Db;
  clock: Clock;
  email: string;
  name: string;
}): Promise<{ userId: string; temporaryPassword: string } | null> {
  const temporaryPassword = suggestTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  const now = clock();
  try {
    return await db.transaction(async (tx) => {
      if (await users.emailInUse(tx, email)) return null;
      const userId = await users.insertUser(tx, {
        role: 'super_admin',
        branchId: null,
        name,
        email,
        passwordHash,
        mustChangePassword: true,
        createdAt: now,
        updatedAt: now,
      });
      await recordAudit(tx, {
        branchId: null,
        userId: null,
        action: 'user.create',
        entity: 'user',
        entityId: userId,
        data: { role: 'super_admin', by: 'operator' },
        at: now,
      });
      return { userId, temporaryPassword };
    });
  } catch (error) {
    // The same email created at the same moment by another command.
    if (uniqueViolation(error)) return null;
    throw error;
  }
}
