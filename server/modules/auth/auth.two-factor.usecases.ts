/**
 * Two-factor sign-in (TOTP, any authenticator app): required of super admins, a choice for
 * branch managers, not offered to staff (`twoFactor.use` in shared/permissions.ts).
 *
 * - Login: the password proven, an account with it on gets a pending login (5 minutes, single
 *   use, only its hash stored); the code (or a recovery code) turns it into a session.
 * - Set-up: a new secret waits as `pendingSecret` until a code from the app confirms it; then
 *   ten recovery codes are made and shown once, and the user's other sessions end.
 * - Every code check (login, turning off, moving to a new app) is an attempt under the login
 *   limits, counted under the account (`admitAccountCheck`); a step once used is refused after.
 * - Resets: the super admin resets a manager's; an operator resets anyone's from the command
 *   line (`npm run reset-2fa -- email`), e.g. the last super admin who lost phone and codes.
 */
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import type {
  Session,
  TwoFactorSetupBody,
  TwoFactorStatus,
} from '../../../shared/schemas/auth.schemas';
import { twoFactorRequiredFor } from '../../../shared/schemas/auth.schemas';
import * as users from '../users/users.usecases';
import type { Account } from '../users/users.usecases';
import { authErrors } from './auth.errors';
import { verifyPassword } from './auth.password';
import * as repo from './auth.repository';
import { hashToken } from './auth.tokens';
import {
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  openSecret,
  otpauthUri,
  sealSecret,
} from './auth.totp';
import {
  assertAllowed,
  endUserSessions,
  openSession,
  sessionView,
  type AuthContext,
  type OpenedSession,
} from './auth.sessions.usecases';
import { admitAccountCheck, markAttemptSucceeded, type Who } from './auth.sign-in.usecases';

const MINUTE = 60_000;
/** A set-up must be confirmed with a code within this time. */
export const TWO_FACTOR_SETUP_TTL_MS = 15 * MINUTE;

/**
 * Checks an app code against the account's secret and uses its step up (atomically: the same
 * code sent twice at once passes once). False for a wrong, stale or used code.
 */
async function useTotpCode(
  tx: DbOrTx,
  { key, userId, code, now }: { key: Buffer; userId: string; code: string; now: Date },
): Promise<boolean> {
  const row = await repo.findTwoFactor(tx, userId);
  if (!row?.secret) return false;
  const step = matchTotp(openSecret(key, row.secret, userId), code, now, row.lastUsedStep);
  return step !== null && (await repo.useTotpStep(tx, userId, step));
}

// Login's second step ----------------------------------------------------------------------------

export async function completeTwoFactorLogin({
  db,
  clock,
  key,
  pendingToken,
  code,
  recoveryCode,
  ip,
  userAgent,
  deviceToken,
  idleMs,
}: {
  db: Db;
  clock: Clock;
  key: Buffer;
  /** The config's session idle limit. */
  idleMs: number;
  pendingToken: string | undefined;
  code?: string;
  recoveryCode?: string;
  ip: string;
  userAgent: string | null;
  deviceToken: string | undefined;
}): Promise<OpenedSession> {
  const now = clock();
  const pending = pendingToken
    ? await repo.findPendingLogin(db, hashToken(pendingToken), now)
    : null;
  if (!pending) throw authErrors.twoFactorLoginExpired();
  const { userId } = pending;
  const attemptId = await admitAccountCheck(db, { userId, who: { ip, deviceToken }, now });
  return db.transaction(async (tx) => {
    const account = await users.findAccountById(tx, userId);
    if (!account) throw authErrors.twoFactorLoginExpired();
    if (code !== undefined) {
      if (!(await useTotpCode(tx, { key, userId, code, now }))) {
        throw authErrors.twoFactorCodeInvalid('code');
      }
    } else {
      const codeHash = hashToken(normalizeRecoveryCode(recoveryCode ?? ''));
      if (!(await repo.useRecoveryCode(tx, { userId, codeHash, at: now }))) {
        throw authErrors.twoFactorCodeInvalid('recoveryCode');
      }
      await recordAudit(tx, {
        branchId: account.user.branchId,
        userId,
        action: 'user.two_factor_recovery_code_use',
        entity: 'user',
        entityId: userId,
        data: { codesLeft: await repo.recoveryCodesLeft(tx, userId) },
        at: now,
      });
    }
    // Single use: a second request with the same pending login (another right code) loses.
    if (!(await repo.consumePendingLogin(tx, pending.id))) throw authErrors.twoFactorLoginExpired();
    await markAttemptSucceeded(tx, attemptId);
    // A plan that ended in the minutes since the password still refuses.
    assertAllowed(account, now);
    return openSession(tx, {
      account,
      rememberMe: pending.remember,
      ip,
      userAgent,
      deviceToken,
      now,
      idleMs,
    });
  });
}

// The signed-in user's own two-factor sign-in ------------------------------------------------------

/** A request of the signed-in user about their own two-factor sign-in. */
type OwnTwoFactorRequest = {
  db: Db;
  clock: Clock;
  key: Buffer;
  auth: AuthContext;
  who: Who;
};

/** What proves the owner: the password or a current code of the app (none, or either). */
type OwnerProof = TwoFactorSetupBody;

export async function twoFactorStatus({
  db,
  auth,
}: {
  db: Db;
  auth: AuthContext;
}): Promise<TwoFactorStatus> {
  const row = await repo.findTwoFactor(db, auth.user.id);
  return {
    enabled: Boolean(row?.secret),
    required: twoFactorRequiredFor(auth.user.role),
    enabledAt: row?.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: row?.secret ? await repo.recoveryCodesLeft(db, auth.user.id) : 0,
  };
}

/**
 * The owner proves it is them before two-factor sign-in is turned off or moved to a new app:
 * the password, or a current code (which is used up). Counted under the login limits.
 */
async function assertOwner(
  { db, key, auth, password, code, who }: OwnTwoFactorRequest & OwnerProof,
  now: Date,
): Promise<void> {
  const userId = auth.user.id;
  const attemptId = await admitAccountCheck(db, { userId, who, now });
  if (code !== undefined) {
    const used = await db.transaction((tx) => useTotpCode(tx, { key, userId, code, now }));
    if (!used) throw authErrors.twoFactorCodeInvalid('code');
  } else {
    const account = await users.findAccountById(db, userId);
    if (!account || !(await verifyPassword(account.user.passwordHash, password ?? ''))) {
      throw authErrors.twoFactorWrongPassword();
    }
  }
  await markAttemptSucceeded(db, attemptId);
}

/**
 * Starts a set-up: a new secret, sealed, waits for its first code. When two-factor sign-in is
 * already on (moving to a new phone), the owner proves it first; the old secret works until
 * the new one is confirmed.
 */
export async function startTwoFactorSetup(
  request: OwnTwoFactorRequest & OwnerProof,
): Promise<{ secret: string; otpauthUri: string }> {
  const { db, clock, key, auth } = request;
  const now = clock();
  if (auth.user.twoFactorEnabled) {
    if (request.password === undefined && request.code === undefined) {
      throw authErrors.twoFactorProofRequired();
    }
    await assertOwner(request, now);
  }
  const secret = newTotpSecret();
  await repo.setPendingSecret(db, {
    userId: auth.user.id,
    sealed: sealSecret(key, secret, auth.user.id),
    at: now,
  });
  return { secret, otpauthUri: otpauthUri(secret, auth.user.email) };
}

/**
 * Confirms the set-up with a code of the app: the secret becomes the account's, ten new
 * recovery codes replace any old ones (answered this once), and every other session of the
 * user ends (they were opened with the password alone).
 */
export async function confirmTwoFactorSetup({
  db,
  clock,
  key,
  auth,
  code,
  who,
}: OwnTwoFactorRequest & { code: string }): Promise<{ recoveryCodes: string[]; session: Session }> {
  const now = clock();
  const userId = auth.user.id;
  const row = await repo.findTwoFactor(db, userId);
  if (
    !row?.pendingSecret ||
    !row.pendingSince ||
    now.getTime() - row.pendingSince.getTime() > TWO_FACTOR_SETUP_TTL_MS
  ) {
    throw authErrors.twoFactorSetupExpired();
  }
  const attemptId = await admitAccountCheck(db, { userId, who, now });
  const step = matchTotp(openSecret(key, row.pendingSecret, userId), code, now, null);
  if (step === null) throw authErrors.twoFactorCodeInvalid('code');
  const recoveryCodes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    const confirmed = await repo.confirmPendingSecret(tx, {
      userId,
      sealed: row.pendingSecret!,
      step,
      at: now,
    });
    if (!confirmed) throw authErrors.twoFactorSetupExpired();
    await repo.replaceRecoveryCodes(tx, {
      userId,
      codeHashes: recoveryCodes.map((c) => hashToken(normalizeRecoveryCode(c))),
      at: now,
    });
    await repo.deleteSessionsOf(tx, [userId], auth.sessionId);
    await repo.deletePendingLoginsOf(tx, userId);
    await markAttemptSucceeded(tx, attemptId);
    await recordAudit(tx, {
      branchId: auth.user.branchId,
      userId,
      action: 'user.two_factor_enable',
      entity: 'user',
      entityId: userId,
      data: { newApp: Boolean(row.secret) },
      at: now,
    });
  });
  return {
    recoveryCodes,
    session: sessionView(
      { user: { ...auth.user, twoFactorEnabled: true }, branch: auth.branch },
      auth,
    ),
  };
}

/** A manager turns two-factor sign-in off (super admins may not), proving it is them. */
export async function turnOffTwoFactor(
  request: OwnTwoFactorRequest & OwnerProof,
): Promise<Session> {
  const { db, clock, auth } = request;
  if (twoFactorRequiredFor(auth.user.role)) throw authErrors.twoFactorCannotTurnOff();
  const now = clock();
  await assertOwner(request, now);
  await db.transaction(async (tx) => {
    await repo.deleteTwoFactor(tx, auth.user.id);
    await recordAudit(tx, {
      branchId: auth.user.branchId,
      userId: auth.user.id,
      action: 'user.two_factor_disable',
      entity: 'user',
      entityId: auth.user.id,
      at: now,
    });
  });
  return sessionView(
    { user: { ...auth.user, twoFactorEnabled: false }, branch: auth.branch },
    auth,
  );
}

// Resets -------------------------------------------------------------------------------------------

/** Turns a user's two-factor sign-in off for someone else; answers whether it was on. */
async function resetTwoFactor(
  db: Db,
  {
    user,
    actorId,
    by,
    endSessions,
    now,
  }: {
    user: Account['user'];
    actorId: string | null;
    by: 'super_admin' | 'operator';
    endSessions: boolean;
    now: Date;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const wasOn = await repo.deleteTwoFactor(tx, user.id);
    if (endSessions) await endUserSessions(tx, user.id);
    await recordAudit(tx, {
      branchId: user.branchId,
      userId: actorId,
      action: 'user.two_factor_reset',
      entity: 'user',
      entityId: user.id,
      data: { by, wasOn },
      at: now,
    });
    return wasOn;
  });
}

/**
 * The super admin resets a branch manager's two-factor sign-in (a lost phone): the manager signs
 * in with the password alone until they set it up again.
 */
export async function resetManagerTwoFactor({
  db,
  clock,
  branchId,
  actorId,
}: {
  db: Db;
  clock: Clock;
  branchId: string;
  actorId: string;
}): Promise<{ wasOn: boolean; managerName: string }> {
  const manager = await users.findBranchManager(db, branchId);
  if (!manager) throw authErrors.managerNotFound();
  const wasOn = await resetTwoFactor(db, {
    user: manager,
    actorId,
    by: 'super_admin',
    endSessions: false,
    now: clock(),
  });
  return { wasOn, managerName: manager.name };
}

/**
 * The operator's way out (`npm run reset-2fa -- email`), for a super admin who lost both the
 * phone and the recovery codes: two-factor sign-in goes, every session of the account ends, and
 * the next login asks for a new set-up. Null when no account has the email.
 */
export async function resetTwoFactorByOperator({
  db,
  clock,
  email,
}: {
  db: Db;
  clock: Clock;
  email: string;
}): Promise<{ wasOn: boolean } | null> {
  const account = await users.findAccountByEmail(db, email);
  if (!account) return null;
  const wasOn = await resetTwoFactor(db, {
    user: account.user,
    actorId: null,
    by: 'operator',
    endSessions: true,
    now: clock(),
  });
  return { wasOn };
}

/**
 * Turns two-factor sign-in on with a known secret, without a code: the demo seed's super admin
 * (its secret is documented so the demo and its tests can compute codes) and test fixtures.
 */
export async function enrolWithKnownSecret(
  tx: DbOrTx,
  { key, userId, secret, at }: { key: Buffer; userId: string; secret: string; at: Date },
): Promise<void> {
  const sealed = sealSecret(key, secret, userId);
  await repo.setPendingSecret(tx, { userId, sealed, at });
  // No code has been used yet: every step from the epoch on is still to come.
  await repo.confirmPendingSecret(tx, { userId, sealed, step: -1, at });
}
