import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../lib/sql';
import type { PricingPlanId, SubscriptionType } from '../../../shared/plans';
import { branches, users } from '../../db/schema';
import { STAFF_ACCOUNT_ROLES } from '../../../shared/schemas/staff.schemas';

// `${branches}.id`, not `${branches.id}`: in a select without joins Drizzle writes a column
// unqualified ("id"), which inside these subqueries would mean the user's own id.
// Staff and kitchen accounts alike take a place of numberOfUsers (STAFF_ACCOUNT_ROLES).
const activeStaffCount = sql<number>`(
  select count(*)::int from ${users} s
  where s.branch_id = ${branches}.id and s.is_active
    and s.role in (${sql.join(
      STAFF_ACCOUNT_ROLES.map((role) => sql`${role}`),
      sql`, `,
    )})
)`;
const managerName = sql<string | null>`(
  select m.name from ${users} m
  where m.branch_id = ${branches}.id and m.role = 'branch_manager'
  order by m.created_at limit 1
)`;

const branchRow = {
  id: branches.id,
  code: branches.code,
  name: branches.name,
  ownerName: branches.ownerName,
  email: branches.email,
  location: branches.location,
  subscriptionType: branches.subscriptionType,
  plan: branches.plan,
  activeDate: branches.activeDate,
  deactiveDate: branches.deactiveDate,
  numberOfUsers: branches.numberOfUsers,
  amountPaise: branches.amountPaise,
  isActive: branches.isActive,
  timeZone: branches.timeZone,
  createdAt: branches.createdAt,
  managerName,
  activeStaff: activeStaffCount,
};
export interface BranchRow {
  id: string;
  code: string;
  name: string;
  ownerName: string;
  email: string;
  location: string;
  subscriptionType: SubscriptionType;
  plan: PricingPlanId | null;
  activeDate: string;
  deactiveDate: string;
  numberOfUsers: number;
  amountPaise: number | null;
  isActive: boolean;
  timeZone: string;
  createdAt: Date;
  managerName: string | null;
  activeStaff: number;
}

export async function listBranches(db: DbOrTx, search?: string): Promise<BranchRow[]> {
  const pattern = containsPattern(search);
  return db
    .select(branchRow)
    .from(branches)
    .where(
      pattern
        ? or(
            ilike(branches.code, pattern),
            ilike(branches.name, pattern),
            ilike(branches.ownerName, pattern),
            ilike(branches.email, pattern),
            ilike(branches.location, pattern),
          )
        : undefined,
    )
    .orderBy(desc(branches.createdAt)) as Promise<BranchRow[]>;
}

/**
 * One branch. With `lock` (inside a transaction) its row stays locked until the transaction
 * ends, so a plan change and a staff activation cannot pass their checks at the same time.
 */
export async function findBranch(
  db: DbOrTx,
  id: string,
  { lock = false } = {},
): Promise<BranchRow | null> {
  const query = db.select(branchRow).from(branches).where(eq(branches.id, id)).limit(1);
  const [row] = await (lock ? query.for('update', { of: branches }) : query);
  return (row as BranchRow | undefined) ?? null;
}

export async function branchCodeTaken(db: DbOrTx, code: string) {
  const [row] = await db.select({ n: count() }).from(branches).where(eq(branches.code, code));
  return (row?.n ?? 0) > 0;
}

export async function insertBranch(db: DbOrTx, row: typeof branches.$inferInsert) {
  const [inserted] = await db.insert(branches).values(row).returning({ id: branches.id });
  return inserted!.id;
}

export async function updateBranch(
  db: DbOrTx,
  id: string,
  values: Partial<typeof branches.$inferInsert>,
) {
  const updated = await db
    .update(branches)
    .set(values)
    .where(eq(branches.id, id))
    .returning({ id: branches.id });
  return updated.length === 1;
}

export async function findManager(db: DbOrTx, branchId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.branchId, branchId), eq(users.role, 'branch_manager')))
    .orderBy(users.createdAt)
    .limit(1);
  return row ?? null;
}

/** What bills print of the branch, and its time zone. */
export async function findBranchSettings(db: DbOrTx, branchId: string) {
  const [row] = await db
    .select({
      name: branches.name,
      address: branches.address,
      phone: branches.phone,
      gstin: branches.gstin,
      timeZone: branches.timeZone,
    })
    .from(branches)
    .where(eq(branches.id, branchId));
  return row;
}

export async function updateBranchSettings(
  db: DbOrTx,
  branchId: string,
  values: { name: string; address: string; phone: string; gstin: string | null; timeZone: string },
) {
  await db.update(branches).set(values).where(eq(branches.id, branchId));
}
