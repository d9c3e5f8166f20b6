import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { branches, users } from '../db/schema';
import { hashPassword } from '../modules/auth/auth.password';

export const PASSWORD = 'Correct-Horse-9';
let passwordHash: Promise<string> | undefined;
/** One argon2 hash shared by every fixture user (hashing is deliberately slow). */
const fixtureHash = () => (passwordHash ??= hashPassword(PASSWORD));

let counter = 0;
const unique = () => `${process.pid}${++counter}`;

export interface BranchFixture {
  branchId: string;
  code: string;
  manager: { id: string; email: string };
  staff: { id: string; email: string };
}

/** A branch with a manager and one staff member; plan dates inclusive business dates. */
export async function createBranchFixture(
  db: Db,
  options: {
    activeDate?: string;
    deactiveDate?: string;
    isActive?: boolean;
    numberOfUsers?: number;
    managerMustChangePassword?: boolean;
    staff?: { isActive?: boolean; activeDate?: string | null; deactiveDate?: string | null };
  } = {},
): Promise<BranchFixture> {
  const id = unique();
  const code = `B${id}`;
  const hash = await fixtureHash();
  const [branch] = await db
    .insert(branches)
    .values({
      code,
      name: `Branch ${id}`,
      ownerName: `Owner ${id}`,
      email: `owner${id}@example.com`,
      location: 'Bengaluru',
      subscriptionType: 'yearly',
      activeDate: options.activeDate ?? '2026-01-01',
      deactiveDate: options.deactiveDate ?? '2026-12-31',
      numberOfUsers: options.numberOfUsers ?? 5,
      isActive: options.isActive ?? true,
    })
    .returning({ id: branches.id });
  const managerEmail = `manager${id}@example.com`;
  const staffEmail = `staff${id}@example.com`;
  const [manager] = await db
    .insert(users)
    .values({
      role: 'branch_manager',
      branchId: branch!.id,
      name: `Manager ${id}`,
      email: managerEmail,
      passwordHash: hash,
      mustChangePassword: options.managerMustChangePassword ?? false,
    })
    .returning({ id: users.id });
  const [staff] = await db
    .insert(users)
    .values({
      role: 'staff',
      branchId: branch!.id,
      name: `Staff ${id}`,
      email: staffEmail,
      passwordHash: hash,
      isActive: options.staff?.isActive ?? true,
      activeDate: options.staff?.activeDate === undefined ? '2026-01-01' : options.staff.activeDate,
      deactiveDate:
        options.staff?.deactiveDate === undefined ? '2026-12-31' : options.staff.deactiveDate,
    })
    .returning({ id: users.id });
  return {
    branchId: branch!.id,
    code,
    manager: { id: manager!.id, email: managerEmail },
    staff: { id: staff!.id, email: staffEmail },
  };
}

export async function createSuperAdmin(db: Db) {
  const email = `admin${unique()}@example.com`;
  const [row] = await db
    .insert(users)
    .values({
      role: 'super_admin',
      name: 'Platform Admin',
      email,
      passwordHash: await fixtureHash(),
    })
    .returning({ id: users.id });
  return { id: row!.id, email };
}

/** Logs in through the API and answers the cookie header to send with later requests. */
export async function loginAs(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
  rememberMe = false,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, rememberMe },
  });
  if (response.statusCode !== 200) {
    throw new Error(`login of ${email} failed: ${response.statusCode} ${response.body}`);
  }
  const cookie = response.cookies.find((c) => c.name === 'tf_session');
  return `tf_session=${cookie!.value}`;
}
