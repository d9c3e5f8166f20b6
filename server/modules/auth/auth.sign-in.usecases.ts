// Sign-in and its limits: the login form (password, then the second step when the account has
// two-factor sign-in), and the attempt counting every check of a password or code goes through.
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import * as users from '../users/users.usecases';
import { authErrors } from './auth.errors';
import { hashPassword, verifyPassword } from './auth.password';
import * as repo from './auth.repository';
import { assertAllowed, openSession, type OpenedSession } from './auth.sessions.usecases';
import { hashToken, newToken } from './auth.tokens';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

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
  idleMs,
}: {
  db: Db;
  clock: Clock;
  /** The config's session idle limit. */
  idleMs: number;
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
    openSession(tx, { account, rememberMe, ip, userAgent, deviceToken, now, idleMs }),
  );
  return { kind: 'session', ...opened };
}
