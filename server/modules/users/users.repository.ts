import { and, asc, count, eq, sql } from 'drizzle-orm';
import { preparedQuery, type DbOrTx } from '../../db/client';
import { branches, sessions, twoFactorCredentials, users } from '../../db/schema';

/** The only file with SQL on the users table; other modules call users.usecases.ts. */

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
    /** Two-factor sign-in confirmed (auth's table, joined on its primary key). */
    twoFactorEnabled: sql<boolean>`${twoFactorCredentials.secret} is not null`.mapWith(Boolean),
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

async function findAccount(db: DbOrTx, where: ReturnType<typeof and>) {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .leftJoin(branches, eq(branches.id, users.branchId))
    .leftJoin(twoFactorCredentials, eq(twoFactorCredentials.userId, users.id))
    .where(where)
    .limit(1);
  return row ?? null;
}

export const findAccountByEmail = (db: DbOrTx, email: string) =>
  findAccount(db, eq(users.email, email));

export const findAccountById = (db: DbOrTx, userId: string) =>
  findAccount(db, eq(users.id, userId));

export type Account = NonNullable<Awaited<ReturnType<typeof findAccountById>>>;

/**
 * The session behind a token hash with its account (user and branch) in one query: the auth
 * guard runs it on every request, so it is one round trip instead of a session lookup and then
 * an account lookup; built once and prepared (PostgreSQL plans it once per connection).
 */
const sessionAccount = preparedQuery('users_session_account', (db) =>
  db
    .select({
      session: {
        id: sessions.id,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        fixedDisplay: sessions.fixedDisplay,
      },
      ...accountColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(branches, eq(branches.id, users.branchId))
    .leftJoin(twoFactorCredentials, eq(twoFactorCredentials.userId, users.id))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1),
);

export async function findSessionAccount(db: DbOrTx, tokenHash: string) {
  const [row] = await sessionAccount(db).execute({ tokenHash });
  return row ?? null;
}

export type SessionAccount = NonNullable<Awaited<ReturnType<typeof findSessionAccount>>>;

export async function emailInUse(db: DbOrTx, email: string) {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.email, email));
  return (row?.n ?? 0) > 0;
}

export async function insertUser(db: DbOrTx, row: typeof users.$inferInsert) {
  const [inserted] = await db.insert(users).values(row).returning({ id: users.id });
  return inserted!.id;
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

export async function userIdsOfBranch(db: DbOrTx, branchId: string) {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.branchId, branchId));
  return rows.map((row) => row.id);
}

/** The manager of a branch (id and name), or null. */
export async function findBranchManager(db: DbOrTx, branchId: string) {
  const found = await findAccount(
    db,
    and(eq(users.branchId, branchId), eq(users.role, 'branch_manager')),
  );
  return found?.user ?? null;
}

/** The branch's live managers (id and name), by name: who may approve with a PIN. */
export function liveManagers(db: DbOrTx, branchId: string) {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(eq(users.branchId, branchId), eq(users.role, 'branch_manager'), eq(users.isActive, true)),
    )
    .orderBy(asc(users.name), asc(users.id));
}

export async function anySuperAdmin(db: DbOrTx): Promise<boolean> {
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'super_admin'))
    .limit(1);
  return found.length > 0;
}
