import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { STAFF_ACCOUNT_ROLES } from '../../../shared/schemas/staff.schemas';
import type { DbOrTx } from '../../db/client';
import { branches, users } from '../../db/schema';

const staffColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  isActive: users.isActive,
  activeDate: users.activeDate,
  deactiveDate: users.deactiveDate,
  mustChangePassword: users.mustChangePassword,
  createdAt: users.createdAt,
};

/** The branch's staff and kitchen accounts (STAFF_ACCOUNT_ROLES), never its manager. */
const ofBranch = (branchId: string) =>
  and(eq(users.branchId, branchId), inArray(users.role, [...STAFF_ACCOUNT_ROLES]));

export function listStaff(db: DbOrTx, branchId: string) {
  return db.select(staffColumns).from(users).where(ofBranch(branchId)).orderBy(asc(users.name));
}

export async function findStaff(db: DbOrTx, branchId: string, id: string) {
  const [row] = await db
    .select(staffColumns)
    .from(users)
    .where(and(ofBranch(branchId), eq(users.id, id)))
    .limit(1);
  return row ?? null;
}

/** The active accounts that take a place of the branch's numberOfUsers. */
export async function countActiveStaff(db: DbOrTx, branchId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(ofBranch(branchId), eq(users.isActive, true)));
  return row?.n ?? 0;
}

/**
 * The branch's user limit and plan dates. With `lock`, the branch row stays locked until the
 * transaction ends, so two managers adding staff at once cannot both take the last place.
 */
export async function branchPlan(db: DbOrTx, branchId: string, { lock = false } = {}) {
  const query = db
    .select({
      numberOfUsers: branches.numberOfUsers,
      activeDate: branches.activeDate,
      deactiveDate: branches.deactiveDate,
    })
    .from(branches)
    .where(eq(branches.id, branchId));
  const [row] = await (lock ? query.for('update') : query);
  // The session's branch exists (the guard checked it on this request).
  return row!;
}

export async function updateStaff(
  db: DbOrTx,
  branchId: string,
  id: string,
  values: Partial<typeof users.$inferInsert>,
) {
  await db
    .update(users)
    .set(values)
    .where(and(ofBranch(branchId), eq(users.id, id)));
}
