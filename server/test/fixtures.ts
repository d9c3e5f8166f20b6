import type { FastifyInstance } from 'fastify';
import { DEVELOPMENT_TOTP_KEY } from '../config';
import type { Db } from '../db/client';
import { branches, taxProfiles, users } from '../db/schema';
import { hashPassword } from '../modules/auth/auth.password';
import { totpCode, totpStep } from '../modules/auth/auth.totp';
import { enrolWithKnownSecret } from '../modules/auth/auth.two-factor.usecases';
import { openSession } from '../modules/auth/auth.sessions.usecases';
import { findAccountByEmail } from '../modules/users/users.usecases';

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
  /** The kitchen display's account (role kitchen); empty strings with `kitchen: false`. */
  kitchen: { id: string; email: string };
}

/**
 * A branch with a manager, one staff member and a kitchen account; plan dates inclusive business dates. Its tax
 * profile is that of a branch from before GST billing (not registered, round-off off, so a
 * total is its subtotal less its discount) unless `taxProfile` says otherwise.
 */
export async function createBranchFixture(
  db: Db,
  options: {
    activeDate?: string;
    deactiveDate?: string;
    isActive?: boolean;
    numberOfUsers?: number;
    managerMustChangePassword?: boolean;
    staff?: { isActive?: boolean; activeDate?: string | null; deactiveDate?: string | null };
    /** false: no kitchen account (a database migrated only up to before the kitchen role). */
    kitchen?: false;
    /** false: none (a database migrated only up to before tax profiles). */
    taxProfile?: Partial<Omit<typeof taxProfiles.$inferInsert, 'branchId'>> | false;
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
  if (options.taxProfile !== false) {
    await db.insert(taxProfiles).values({
      branchId: branch!.id,
      tradeName: `Branch ${id}`,
      regime: 'unregistered',
      pricesIncludeTax: false,
      roundOff: false,
      serviceChargeBps: 0,
      invoicePrefix: 'B',
      ...options.taxProfile,
    });
  }
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
  const kitchenEmail = options.kitchen === false ? '' : `kitchen${id}@example.com`;
  const [kitchen] =
    options.kitchen === false
      ? [{ id: '' }]
      : await db
          .insert(users)
          .values({
            role: 'kitchen',
            branchId: branch!.id,
            name: `Kitchen ${id}`,
            email: kitchenEmail,
            passwordHash: hash,
          })
          .returning({ id: users.id });
  return {
    branchId: branch!.id,
    code,
    manager: { id: manager!.id, email: managerEmail },
    staff: { id: staff!.id, email: staffEmail },
    kitchen: { id: kitchen!.id, email: kitchenEmail },
  };
}

/** The two-factor secret of fixture super admins (sealed with the development key). */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** A super admin, with two-factor sign-in on (TEST_TOTP_SECRET) unless `twoFactor: false`. */
export async function createSuperAdmin(db: Db, { twoFactor = true } = {}) {
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
  if (twoFactor) {
    await enrolWithKnownSecret(db, {
      key: DEVELOPMENT_TOTP_KEY,
      userId: row!.id,
      secret: TEST_TOTP_SECRET,
      at: new Date(),
    });
  }
  return { id: row!.id, email };
}

const usedSteps = new Map<string, number>();
/**
 * A code of TEST_TOTP_SECRET on the app's clock that `email` has not used yet (the server
 * refuses a step twice): the step before now, then now, then the step after; null when all
 * three are used.
 */
export function nextTestCode(app: FastifyInstance, email: string): string | null {
  const now = totpStep(app.deps.clock());
  const step = Math.max(now - 1, (usedSteps.get(email) ?? -Infinity) + 1);
  if (step > now + 1) return null;
  usedSteps.set(email, step);
  return totpCode(TEST_TOTP_SECRET, step);
}

/**
 * The second step of a fixture super admin's login: the real route with a code of the app
 * while one of the clock's minute is unused; after that (tests that sign in again and again at
 * one instant) the session is opened as that route opens it.
 */
async function secondStep(app: FastifyInstance, email: string, pendingCookie: string) {
  const code = nextTestCode(app, email);
  if (code === null) {
    const db = app.deps.database.db;
    const account = await findAccountByEmail(db, email);
    const opened = await openSession(db, {
      account: account!,
      rememberMe: false,
      ip: '127.0.0.1',
      userAgent: null,
      deviceToken: undefined,
      now: app.deps.clock(),
      idleMs: app.deps.config.sessionIdleMs,
    });
    return `tf_session=${opened.token}`;
  }
  const second = await app.inject({
    method: 'POST',
    url: '/api/auth/login/two-factor',
    headers: { cookie: pendingCookie },
    payload: { code },
  });
  if (second.statusCode !== 200) {
    throw new Error(`second step of ${email} failed: ${second.statusCode} ${second.body}`);
  }
  return `tf_session=${second.cookies.find((c) => c.name === 'tf_session')!.value}`;
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
  if ((response.json() as { twoFactorRequired?: true }).twoFactorRequired) {
    const pending = response.cookies.find((c) => c.name === 'tf_pending');
    return secondStep(app, email, `tf_pending=${pending!.value}`);
  }
  const cookie = response.cookies.find((c) => c.name === 'tf_session');
  return `tf_session=${cookie!.value}`;
}
