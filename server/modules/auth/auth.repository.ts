import { and, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  loginAttempts,
  passwordResetRequests,
  passwordResetTokens,
  pendingLogins,
  sessions,
  trustedDevices,
  twoFactorCredentials,
  twoFactorRecoveryCodes,
} from '../../db/schema';

/**
 * Serialises everyone who decides on the same keys (an account, an address) until the
 * transaction ends: a count and the row that adds to it are then one atomic step. Keys are
 * taken in one global order, so two transactions never wait on each other in a cycle.
 */
export async function lockKeys(tx: DbOrTx, keys: string[]) {
  for (const key of [...new Set(keys)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }
}

// Sessions --------------------------------------------------------------------------------------

export async function findSessionByTokenHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      remember: sessions.remember,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

export async function insertSession(
  db: DbOrTx,
  row: {
    userId: string;
    tokenHash: string;
    remember: boolean;
    createdAt: Date;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  },
) {
  await db.insert(sessions).values({ ...row, lastSeenAt: row.createdAt });
}

export async function touchSession(db: DbOrTx, sessionId: string, at: Date) {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: DbOrTx, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/**
 * Deletes a user's sessions that can no longer be used: past their end, or idle since before
 * `idleSince` (null: the user's sessions do not end for idleness) unless a fixed display.
 */
export async function deleteDeadSessions(
  db: DbOrTx,
  userId: string,
  now: Date,
  idleSince: Date | null,
) {
  const dead = lte(sessions.expiresAt, now);
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        idleSince === null
          ? dead
          : or(dead, and(lt(sessions.lastSeenAt, idleSince), eq(sessions.fixedDisplay, false))),
      ),
    );
}

/** Marks (or unmarks) a session as a fixed display; false when the session is gone. */
export async function setFixedDisplay(db: DbOrTx, sessionId: string, fixedDisplay: boolean) {
  const rows = await db
    .update(sessions)
    .set({ fixedDisplay })
    .where(eq(sessions.id, sessionId))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every session of the given users, or every one but `keepSessionId`. */
export async function deleteSessionsOf(db: DbOrTx, userIds: string[], keepSessionId?: string) {
  if (userIds.length === 0) return;
  const ofUsers = inArray(sessions.userId, userIds);
  await db
    .delete(sessions)
    .where(keepSessionId ? and(ofUsers, ne(sessions.id, keepSessionId)) : ofUsers);
}

// Login attempts and trusted devices -------------------------------------------------------------

/**
 * Failed (or still being checked) attempts since `since`, in the groups the limits count:
 * - device: from this trusted device on this account;
 * - pair: on this account from this address, without a trusted device;
 * - account: on this account from anywhere without a trusted device (and the latest of them);
 * - address: from this address on any account, without a trusted device.
 */
export async function loginAttemptCounts(
  tx: DbOrTx,
  { email, ip, deviceHash }: { email: string; ip: string; deviceHash: string | null },
  since: Date,
) {
  const a = loginAttempts;
  const failed = sql`not ${a.succeeded}`;
  const untrusted = isNull(a.deviceHash);
  const onAccount = eq(a.email, email);
  const fromAddress = eq(a.ip, ip);
  const countWhere = (condition: ReturnType<typeof and>) =>
    sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const [row] = await tx
    .select({
      device: countWhere(
        and(onAccount, failed, deviceHash ? eq(a.deviceHash, deviceHash) : sql`false`),
      ),
      pair: countWhere(and(onAccount, fromAddress, untrusted, failed)),
      account: countWhere(and(onAccount, untrusted, failed)),
      accountLatest:
        sql<Date | null>`max(${a.createdAt}) filter (where ${and(onAccount, untrusted)})`.mapWith(
          a.createdAt,
        ),
      address: countWhere(and(fromAddress, untrusted, failed)),
    })
    .from(a)
    .where(and(or(onAccount, fromAddress), gte(a.createdAt, since)));
  return row!;
}

export async function insertLoginAttempt(
  db: DbOrTx,
  row: { email: string; ip: string; deviceHash: string | null; createdAt: Date },
) {
  const [inserted] = await db
    .insert(loginAttempts)
    .values({ ...row, succeeded: false })
    .returning({ id: loginAttempts.id });
  return inserted!.id;
}

export async function markLoginSucceeded(db: DbOrTx, attemptId: string) {
  await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, attemptId));
}

export async function isTrustedDevice(
  db: DbOrTx,
  { userId, tokenHash }: { userId: string; tokenHash: string },
  usedSince: Date,
) {
  const [row] = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.userId, userId),
        eq(trustedDevices.tokenHash, tokenHash),
        gte(trustedDevices.lastUsedAt, usedSince),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function trustDevice(
  db: DbOrTx,
  { userId, tokenHash, at }: { userId: string; tokenHash: string; at: Date },
) {
  await db
    .insert(trustedDevices)
    .values({ userId, tokenHash, createdAt: at, lastUsedAt: at })
    .onConflictDoUpdate({
      target: [trustedDevices.tokenHash, trustedDevices.userId],
      set: { lastUsedAt: at },
    });
}

// Password reset ---------------------------------------------------------------------------------

export async function resetRequestCounts(
  tx: DbOrTx,
  { email, ip }: { email: string; ip: string },
  since: Date,
) {
  const r = passwordResetRequests;
  const [row] = await tx
    .select({
      email: sql<number>`count(*) filter (where ${eq(r.email, email)})`.mapWith(Number),
      address: sql<number>`count(*) filter (where ${eq(r.ip, ip)})`.mapWith(Number),
    })
    .from(r)
    .where(and(or(eq(r.email, email), eq(r.ip, ip)), gte(r.createdAt, since)));
  return row!;
}

export async function insertResetRequest(
  db: DbOrTx,
  row: { email: string; ip: string; createdAt: Date },
) {
  await db.insert(passwordResetRequests).values(row);
}

export async function insertResetToken(
  db: DbOrTx,
  row: { userId: string; tokenHash: string; expiresAt: Date; createdAt: Date },
) {
  await db.insert(passwordResetTokens).values(row);
}

/** Kills every reset link of a user (a newer link, or any password change). */
export async function deleteResetTokens(db: DbOrTx, userId: string) {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

export async function findUsableResetToken(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Marks the token used; false when another request used it first (single use). */
export async function consumeResetToken(db: DbOrTx, id: string, at: Date) {
  const updated = await db
    .update(passwordResetTokens)
    .set({ usedAt: at })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return updated.length === 1;
}

// Two-factor sign-in --------------------------------------------------------------------------

const credentials = twoFactorCredentials;

export async function findTwoFactor(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      secret: credentials.secret,
      enabledAt: credentials.enabledAt,
      lastUsedStep: credentials.lastUsedStep,
      pendingSecret: credentials.pendingSecret,
      pendingSince: credentials.pendingSince,
    })
    .from(credentials)
    .where(eq(credentials.userId, userId))
    .limit(1);
  return row ?? null;
}

/** Starts (or restarts) a set-up: the sealed secret waits for its first code. */
export async function setPendingSecret(
  db: DbOrTx,
  { userId, sealed, at }: { userId: string; sealed: string; at: Date },
) {
  await db
    .insert(credentials)
    .values({ userId, pendingSecret: sealed, pendingSince: at })
    .onConflictDoUpdate({
      target: credentials.userId,
      set: { pendingSecret: sealed, pendingSince: at },
    });
}

/**
 * The pending secret becomes the account's secret, with the step of the code that confirmed it
 * as used. False when the set-up changed meanwhile (another set-up replaced this secret).
 */
export async function confirmPendingSecret(
  db: DbOrTx,
  { userId, sealed, step, at }: { userId: string; sealed: string; step: number; at: Date },
) {
  const updated = await db
    .update(credentials)
    .set({
      secret: sealed,
      enabledAt: at,
      lastUsedStep: step,
      pendingSecret: null,
      pendingSince: null,
    })
    .where(and(eq(credentials.userId, userId), eq(credentials.pendingSecret, sealed)))
    .returning({ userId: credentials.userId });
  return updated.length === 1;
}

/**
 * Records `step` as used, atomically: false when this step or a later one was used already
 * (the same code twice, even at the same instant, passes once).
 */
export async function useTotpStep(db: DbOrTx, userId: string, step: number) {
  const updated = await db
    .update(credentials)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(credentials.userId, userId),
        isNotNull(credentials.secret),
        or(isNull(credentials.lastUsedStep), lt(credentials.lastUsedStep, step)),
      ),
    )
    .returning({ userId: credentials.userId });
  return updated.length === 1;
}

/** Turns two-factor sign-in off: secret, set-up, recovery codes and pending logins go. */
export async function deleteTwoFactor(db: DbOrTx, userId: string): Promise<boolean> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await deletePendingLoginsOf(db, userId);
  const deleted = await db
    .delete(credentials)
    .where(eq(credentials.userId, userId))
    .returning({ secret: credentials.secret });
  return deleted.some((row) => row.secret !== null);
}

export async function replaceRecoveryCodes(
  db: DbOrTx,
  { userId, codeHashes, at }: { userId: string; codeHashes: string[]; at: Date },
) {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db
    .insert(twoFactorRecoveryCodes)
    .values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: at })));
}

/** Marks a recovery code used; false when it is unknown or was used (single use, atomic). */
export async function useRecoveryCode(
  db: DbOrTx,
  { userId, codeHash, at }: { userId: string; codeHash: string; at: Date },
) {
  const updated = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return updated.length === 1;
}

export async function recoveryCodesLeft(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

// Pending logins (the password proven, the code to come) ------------------------------------------

export async function insertPendingLogin(
  db: DbOrTx,
  row: { userId: string; tokenHash: string; remember: boolean; createdAt: Date; expiresAt: Date },
) {
  await db.insert(pendingLogins).values(row);
}

export async function findPendingLogin(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      id: pendingLogins.id,
      userId: pendingLogins.userId,
      remember: pendingLogins.remember,
    })
    .from(pendingLogins)
    .where(and(eq(pendingLogins.tokenHash, tokenHash), gt(pendingLogins.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** Uses a pending login up; false when another request used it first (single use). */
export async function consumePendingLogin(db: DbOrTx, id: string) {
  const deleted = await db
    .delete(pendingLogins)
    .where(eq(pendingLogins.id, id))
    .returning({ id: pendingLogins.id });
  return deleted.length === 1;
}

/** Ends a user's pending logins (a password change, two-factor turned off) and stale ones. */
export async function deletePendingLoginsOf(db: DbOrTx, userId: string, expiredBy?: Date) {
  const ofUser = eq(pendingLogins.userId, userId);
  await db
    .delete(pendingLogins)
    .where(expiredBy ? and(ofUser, lte(pendingLogins.expiresAt, expiredBy)) : ofUser);
}
