import type { Db, DbOrTx } from '../../db/client';
import type { BackgroundTasks } from '../../lib/background';
import { recordAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/db-errors';
import type { Mailer } from '../../mail/mailer';
import { SESSION_IDLE_MS } from '../../../shared/constants';
import { twoFactorRequiredFor, type Session } from '../../../shared/schemas/auth.schemas';
import { suggestTemporaryPassword } from '../../../shared/temporary-password';
import * as users from '../users/users.usecases';
import type { Account, SessionAccount } from '../users/users.usecases';
import { accessRefusal } from './auth.access';
import { authErrors } from './auth.errors';
import { hashPassword, verifyPassword } from './auth.password';
import * as repo from './auth.repository';
import type { SessionCache } from './session-cache';
import { hashToken, newToken } from './auth.tokens';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
export const REMEMBER_MAX_MS = 30 * DAY;
export const PLAIN_SESSION_MAX_MS = 12 * 60 * MINUTE;
const TOUCH_EVERY_MS = MINUTE;

/**
 * Login limits (docs/api.md, "Sessions and limits"), over a 15-minute window:
 * - one account from one address: 5 failures, then refused until the window passes;
 * - one account from everywhere: after 5 failures each further attempt must wait a growing
 *   delay (1 s, 2 s, 4 s … at most a minute) after the previous one: slowed, never locked;
 * - one address across accounts: 20 failures;
 * - a device that signed in to the account before (device cookie): only its own 5 failures
 *   count, so strangers' failures never lock the owner out.
 */
export const LOGIN_LIMITS = {
  windowMs: 15 * MINUTE,
  perPair: 5,
  perDevice: 5,
  perAddress: 20,
  slowDownAfter: 5,
  maxDelayMs: MINUTE,
  deviceTrustedForMs: 180 * DAY,
} as const;

/** Forgot-password requests per hour, per email as typed and per address. */
export const RESET_LIMITS = { windowMs: 60 * MINUTE, perEmail: 3, perAddress: 10 } as const;
export const RESET_LINK_TTL_MS = 30 * MINUTE;

export interface AuthContext {
  sessionId: string;
  user: Account['user'];
  branch: Account['branch'];
  /** A super admin without two-factor sign-in: only its set-up (and 'self' routes) until done. */
  mustSetUpTwoFactor: boolean;
}

const mustSetUpTwoFactor = (user: Account['user']) =>
  twoFactorRequiredFor(user.role) && !user.twoFactorEnabled;

/** What the web app needs to know of the signed-in user, and where to land. */
export function sessionView(account: Pick<Account, 'user' | 'branch'>): Session {
  const { user, branch } = account;
  const home = user.mustChangePassword
    ? '/change-password'
    : mustSetUpTwoFactor(user)
      ? '/two-factor'
      : user.role === 'super_admin'
        ? '/admin'
        : '/usersidebar/billing';
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      mustChangePassword: user.mustChangePassword,
      twoFactorEnabled: user.twoFactorEnabled,
      mustSetUpTwoFactor: mustSetUpTwoFactor(user),
    },
    branch: branch
      ? {
          id: branch.id,
          code: branch.code,
          name: branch.name,
          numberOfUsers: branch.numberOfUsers,
          timeZone: branch.timeZone,
        }
      : null,
    home,
  };
}

/** Refuses an account whose plan or status does not allow work now (auth.access.ts). */
export function assertAllowed(account: Account, now: Date) {
  const refusal = accessRefusal(account.user, account.branch, now);
  if (refusal) throw authErrors.refused(refusal);
}

let dummyHash: Promise<string> | undefined;
/** Unknown emails still cost one argon2 verify, so timing does not tell which emails exist. */
function verifyAgainstNothing(password: string) {
  dummyHash ??= hashPassword('no account has this password');
  return dummyHash.then((hash) => verifyPassword(hash, password));
}

/** The delay the account-wide slow-down asks between attempts after `failures` failures. */
export function slowDownMs(failures: number): number {
  if (failures < LOGIN_LIMITS.slowDownAfter) return 0;
  return Math.min(1000 * 2 ** (failures - LOGIN_LIMITS.slowDownAfter), LOGIN_LIMITS.maxDelayMs);
}

/**
 * Decides whether this attempt may check a password (or a code: `email` is then
 * `account:<user id>`, see admitAccountCheck) and, if so, records it as failed before the check, all under a lock
 * on the account (and address): parallel attempts see each other. Answers the attempt's id, to
 * mark it succeeded when the check passes.
 */
export async function admitAttempt(
  db: Db,
  {
    email,
    ip,
    deviceHash,
    now,
  }: { email: string; ip: string; deviceHash: string | null; now: Date },
): Promise<string> {
  const since = new Date(now.getTime() - LOGIN_LIMITS.windowMs);
  return db.transaction(async (tx) => {
    await repo.lockKeys(tx, deviceHash ? [`login:${email}`] : [`login:${email}`, `login-ip:${ip}`]);
    const counts = await repo.loginAttemptCounts(tx, { email, ip, deviceHash }, since);
    if (deviceHash) {
      if (counts.device >= LOGIN_LIMITS.perDevice) throw authErrors.tooManyAttempts();
    } else {
      if (counts.pair >= LOGIN_LIMITS.perPair || counts.address >= LOGIN_LIMITS.perAddress) {
        throw authErrors.tooManyAttempts();
      }
      const wait = slowDownMs(counts.account);
      if (
        wait > 0 &&
        counts.accountLatest &&
        now.getTime() - counts.accountLatest.getTime() < wait
      ) {
        throw authErrors.tooManyAttempts();
      }
    }
    return repo.insertLoginAttempt(tx, { email, ip, deviceHash, createdAt: now });
  });
}

/** Marks an admitted attempt as the right password or code: it no longer counts. */
export const markAttemptSucceeded = repo.markLoginSucceeded;

/** The device cookie's hash when that browser signed in to the account before, else null. */
export async function trustedDeviceHash(
  db: DbOrTx,
  { userId, deviceToken, now }: { userId: string; deviceToken: string | undefined; now: Date },
): Promise<string | null> {
  if (!deviceToken) return null;
  const tokenHash = hashToken(deviceToken);
  const since = new Date(now.getTime() - LOGIN_LIMITS.deviceTrustedForMs);
  return (await repo.isTrustedDevice(db, { userId, tokenHash }, since)) ? tokenHash : null;
}

/** Who checks a password or code: the address and the device cookie count in the limits. */
export interface Who {
  ip: string;
  /** The browser's device cookie: a device that signed in before counts its own failures. */
  deviceToken: string | undefined;
}

/**
 * Admits one check of a known account's password or code outside the login form (the current
 * password of a password change; two-factor codes and proofs) under the login limits. All of
 * them count under one key per account, `account:<user id>`: every way of guessing shares one
 * budget.
 */
export async function admitAccountCheck(
  db: Db,
  { userId, who, now }: { userId: string; who: Who; now: Date },
): Promise<string> {
  return admitAttempt(db, {
    email: `account:${userId}`,
    ip: who.ip,
    deviceHash: await trustedDeviceHash(db, { userId, deviceToken: who.deviceToken, now }),
    now,
  });
}

/** How long the second step of a login may take after the password. */
export const PENDING_LOGIN_TTL_MS = 5 * MINUTE;

export interface OpenedSession {
  token: string;
  session: Session;
  maxAgeSeconds: number | null;
  deviceToken: string;
}

/**
 * A full session for a proven account (password, and the code when it has two-factor sign-in):
 * sessions that ended without a logout are swept, the new one is stored by its hash, and the
 * browser becomes a device that signed in to the account.
 */
export async function openSession(
  tx: DbOrTx,
  {
    account,
    rememberMe,
    ip,
    userAgent,
    deviceToken,
    now,
  }: {
    account: Account;
    rememberMe: boolean;
    ip: string;
    userAgent: string | null;
    deviceToken: string | undefined;
    now: Date;
  },
): Promise<OpenedSession> {
  const device = deviceToken ?? newToken();
  // Sessions that ended without a logout (closed browser, idle) are swept at the next login.
  await repo.deleteDeadSessions(
    tx,
    account.user.id,
    now,
    new Date(now.getTime() - SESSION_IDLE_MS),
  );
  const token = newToken();
  const maxAgeMs = rememberMe ? REMEMBER_MAX_MS : PLAIN_SESSION_MAX_MS;
  await repo.insertSession(tx, {
    userId: account.user.id,
    tokenHash: hashToken(token),
    remember: rememberMe,
    createdAt: now,
    expiresAt: new Date(now.getTime() + maxAgeMs),
    ip,
    userAgent,
  });
  await repo.trustDevice(tx, { userId: account.user.id, tokenHash: hashToken(device), at: now });
  return {
    token,
    session: sessionView(account),
    maxAgeSeconds: rememberMe ? Math.floor(REMEMBER_MAX_MS / 1000) : null,
    deviceToken: device,
  };
}

/**
 * Login's answer: a session, or (the account has two-factor sign-in) a pending login whose
 * token goes in a short-lived cookie until the code comes.
 */
export type LoginResult =
  ({ kind: 'session' } & OpenedSession) | { kind: 'two-factor'; pendingToken: string };

export async function login({
  db,
  clock,
  email,
  password,
  rememberMe,
  ip,
  userAgent,
  deviceToken,
}: {
  db: Db;
  clock: Clock;
  email: string;
  password: string;
  rememberMe: boolean;
  ip: string;
  userAgent: string | null;
  /** The device cookie the browser sent, if any. */
  deviceToken: string | undefined;
}): Promise<LoginResult> {
  const now = clock();
  const account = await users.findAccountByEmail(db, email);
  const attemptId = await admitAttempt(db, {
    email,
    ip,
    deviceHash: account
      ? await trustedDeviceHash(db, { userId: account.user.id, deviceToken, now })
      : null,
    now,
  });
  const valid = account
    ? await verifyPassword(account.user.passwordHash, password)
    : await verifyAgainstNothing(password);
  // One sentence for an unknown email and a wrong password: never say which was wrong.
  if (!account || !valid) throw authErrors.invalidCredentials();
  await repo.markLoginSucceeded(db, attemptId);

  // Plan and account messages come only after the password is proven.
  assertAllowed(account, now);

  if (account.user.twoFactorEnabled) {
    const pendingToken = newToken();
    await db.transaction(async (tx) => {
      await repo.deletePendingLoginsOf(tx, account.user.id, now);
      await repo.insertPendingLogin(tx, {
        userId: account.user.id,
        tokenHash: hashToken(pendingToken),
        remember: rememberMe,
        createdAt: now,
        expiresAt: new Date(now.getTime() + PENDING_LOGIN_TTL_MS),
      });
    });
    return { kind: 'two-factor', pendingToken };
  }
  const opened = await db.transaction((tx) =>
    openSession(tx, { account, rememberMe, ip, userAgent, deviceToken, now }),
  );
  return { kind: 'session', ...opened };
}

/**
 * The session behind a cookie, checked on every request: unknown, idle for 30 minutes or past
 * its end → 401; account or plan no longer valid → the plan's message (403), and the session
 * ends so the next screen is the login screen.
 */
export async function authenticate({
  db,
  clock,
  token,
  endRefused = true,
  sessions,
}: {
  db: Db;
  clock: Clock;
  token: string | undefined;
  /**
   * False for a request whose answer the app cannot read (the live events' EventSource): a
   * refused session then stays for the app's next call, which answers the message (and ends
   * it), so the user learns why they were signed out.
   */
  endRefused?: boolean;
  /** This process's sessions in memory; without it every request reads the database. */
  sessions?: SessionCache;
}): Promise<AuthContext> {
  if (!token) throw authErrors.noSession();
  const tokenHash = hashToken(token);
  const now = clock();
  const kept = sessions?.get(tokenHash);
  // A kept session serves only when nothing is to be refused or written: anything else is
  // decided on the database's rows.
  if (kept && !sessionDue(kept, now) && allowedNow(kept, now)) {
    return authContextOf(kept);
  }
  const generation = sessions?.generation ?? 0;
  const found = await users.findSessionAccount(db, tokenHash);
  if (!found) throw authErrors.noSession();
  const { session, ...account } = found;
  const idleFor = now.getTime() - session.lastSeenAt.getTime();
  if (idleFor > SESSION_IDLE_MS || now >= session.expiresAt) {
    await repo.deleteSession(db, session.id);
    throw authErrors.sessionExpired();
  }
  try {
    assertAllowed(account, now);
  } catch (refusal) {
    if (endRefused) await repo.deleteSession(db, session.id);
    throw refusal;
  }
  if (idleFor > TOUCH_EVERY_MS) {
    await repo.touchSession(db, session.id, now);
    session.lastSeenAt = now;
  }
  sessions?.keep(tokenHash, found, generation);
  return authContextOf(found);
}

/**
 * The minute (of the Unix epoch) in which a kept account was last found allowed. Plan dates
 * turn at the start of a business day, a whole minute in every time zone (offsets are whole
 * minutes), so within a minute the answer stays; the next minute checks again.
 */
const allowedInMinute = new WeakMap<SessionAccount, number>();

function allowedNow(kept: SessionAccount, now: Date): boolean {
  const minute = Math.floor(now.getTime() / MINUTE);
  if (allowedInMinute.get(kept) === minute) return true;
  if (accessRefusal(kept.user, kept.branch, now)) return false;
  allowedInMinute.set(kept, minute);
  return true;
}

/** The session would be touched (a minute since it was last), or has ended (idle, expired). */
function sessionDue({ session }: SessionAccount, now: Date): boolean {
  return now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS || now >= session.expiresAt;
}

function authContextOf({ session, user, branch }: SessionAccount): AuthContext {
  return { sessionId: session.id, user, branch, mustSetUpTwoFactor: mustSetUpTwoFactor(user) };
}

export async function logout({ db, token }: { db: Db; token: string | undefined }) {
  if (!token) return;
  const session = await repo.findSessionByTokenHash(db, hashToken(token));
  if (session) await repo.deleteSession(db, session.id);
}

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

/** Ends every session of a user (deactivated, reactivated). */
export async function endUserSessions(tx: DbOrTx, userId: string): Promise<void> {
  await repo.deleteSessionsOf(tx, [userId]);
}

/** Ends every session of a branch's users. */
export async function endBranchSessions(tx: DbOrTx, branchId: string): Promise<void> {
  await repo.deleteSessionsOf(tx, await users.userIdsOfBranch(tx, branchId));
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
  return sessionView({
    user: { ...account.user, mustChangePassword: false },
    branch: account.branch,
  });
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
