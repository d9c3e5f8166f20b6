import { and, count, eq, gt, gte, inArray, isNull, lt, lte, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { branches, loginAttempts, passwordResetTokens, sessions, users } from '../../db/schema';

const accountColumns = {
  user: {
    id: users.id,
    role: users.role,
    branchId: users.branchId,
    name: users.name,
    email: users.email,
    passwordHash: users.passwordHash,
    mustChangePassword: users.mustChangePassword,
    isActive: users.isActive,
    activeDate: users.activeDate,
    deactiveDate: users.deactiveDate,
  },
  branch: {
    id: branches.id,
    code: branches.code,
    name: branches.name,
    numberOfUsers: branches.numberOfUsers,
    isActive: branches.isActive,
    timeZone: branches.timeZone,
    activeDate: branches.activeDate,
    deactiveDate: branches.deactiveDate,
  },
};

export async function findAccountByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .leftJoin(branches, eq(branches.id, users.branchId))
    .where(eq(users.email, email))
    .limit(1);
  return row ?? null;
}

export async function findAccountById(db: DbOrTx, userId: string) {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .leftJoin(branches, eq(branches.id, users.branchId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export type Account = NonNullable<Awaited<ReturnType<typeof findAccountById>>>;

export async function findSessionByTokenHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      session: {
        id: sessions.id,
        remember: sessions.remember,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      },
      ...accountColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(branches, eq(branches.id, users.branchId))
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

/** Deletes a user's sessions that can no longer be used (past their end or idle too long). */
export async function deleteDeadSessions(db: DbOrTx, userId: string, now: Date, idleSince: Date) {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        or(lte(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleSince)),
      ),
    );
}

/** Ends every session of a user, or every one but `keepSessionId`. */
export async function deleteUserSessions(db: DbOrTx, userId: string, keepSessionId?: string) {
  await db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
        : eq(sessions.userId, userId),
    );
}

export async function deleteBranchSessions(db: DbOrTx, branchId: string) {
  const members = db.select({ id: users.id }).from(users).where(eq(users.branchId, branchId));
  await db.delete(sessions).where(inArray(sessions.userId, members));
}

export async function recordLoginAttempt(
  db: DbOrTx,
  row: { email: string; ip: string | null; succeeded: boolean; createdAt: Date },
) {
  await db.insert(loginAttempts).values(row);
}

export async function countFailedLogins(
  db: DbOrTx,
  by: { email: string } | { ip: string },
  since: Date,
) {
  const key = 'email' in by ? eq(loginAttempts.email, by.email) : eq(loginAttempts.ip, by.ip);
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(key, eq(loginAttempts.succeeded, false), gte(loginAttempts.createdAt, since)));
  return row?.n ?? 0;
}

export async function setPassword(
  db: DbOrTx,
  userId: string,
  passwordHash: string,
  { mustChange, at }: { mustChange: boolean; at: Date },
) {
  await db
    .update(users)
    .set({ passwordHash, mustChangePassword: mustChange, passwordChangedAt: at, updatedAt: at })
    .where(eq(users.id, userId));
}

export async function insertResetToken(
  db: DbOrTx,
  row: { userId: string; tokenHash: string; expiresAt: Date; createdAt: Date },
) {
  await db.insert(passwordResetTokens).values(row);
}

export async function findUsableResetToken(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
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

export async function emailInUse(db: DbOrTx, email: string) {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.email, email));
  return (row?.n ?? 0) > 0;
}

export async function insertUser(db: DbOrTx, row: typeof users.$inferInsert) {
  const [inserted] = await db.insert(users).values(row).returning({ id: users.id });
  return inserted!.id;
}
