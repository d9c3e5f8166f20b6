// Sessions: what the app is told of the signed-in user, opening a session, the check of every
// request (with this process's session cache), logout, and ending a user's or branch's sessions.
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { twoFactorRequiredFor, type Session } from '../../../shared/schemas/auth.schemas';
import { startPage } from '../../../shared/start-page';
import * as users from '../users/users.usecases';
import type { Account, SessionAccount } from '../users/users.usecases';
import { accessRefusal } from './auth.access';
import { authErrors } from './auth.errors';
import * as repo from './auth.repository';
import type { SessionCache } from './session-cache';
import { hashToken, newToken } from './auth.tokens';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
export const REMEMBER_MAX_MS = 30 * DAY;
export const PLAIN_SESSION_MAX_MS = 12 * 60 * MINUTE;
const TOUCH_EVERY_MS = MINUTE;
/** How often a session is touched: every minute, or a quarter of a shorter (test) idle limit. */
const touchEvery = (idleMs: number) => Math.min(TOUCH_EVERY_MS, idleMs / 4);

export interface AuthContext {
  sessionId: string;
  /** Marked by a manager as a fixed display (PUT /api/auth/session/display). */
  fixedDisplay: boolean;
  /** How long this session may go without a request: null for a display (never for idleness). */
  idleTimeoutMs: number | null;
  user: Account['user'];
  branch: Account['branch'];
  /** A super admin without two-factor sign-in: only its set-up (and 'self' routes) until done. */
  mustSetUpTwoFactor: boolean;
}

const mustSetUpTwoFactor = (user: Account['user']) =>
  twoFactorRequiredFor(user.role) && !user.twoFactorEnabled;

/**
 * A display stays signed in: the kitchen account's sessions (a wall tablet nobody touches
 * between tickets) and a session a manager marked as a fixed display never end for idleness,
 * only at their expiry, a sign-out or a deactivation. Every other session ends after `idleMs`
 * (the config's session idle limit: SESSION_IDLE_MS, shortened only for tests).
 */
export function idleTimeoutOf(
  role: Account['user']['role'],
  fixedDisplay: boolean,
  idleMs: number,
): number | null {
  return role === 'kitchen' || fixedDisplay ? null : idleMs;
}

/** What a session view says of the session itself (not of its user). */
export interface SessionKind {
  fixedDisplay: boolean;
  idleTimeoutMs: number | null;
}
/** What the web app needs to know of the signed-in user, and where to land. */
export function sessionView(
  account: Pick<Account, 'user' | 'branch'>,
  { fixedDisplay, idleTimeoutMs }: SessionKind,
): Session {
  const { user, branch } = account;
  const home = startPage({ ...user, mustSetUpTwoFactor: mustSetUpTwoFactor(user) }, 'sign-in');
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
    fixedDisplay,
    idleTimeoutMs,
  };
}

/** Refuses an account whose plan or status does not allow work now (auth.access.ts). */
export function assertAllowed(account: Account, now: Date) {
  const refusal = accessRefusal(account.user, account.branch, now);
  if (refusal) throw authErrors.refused(refusal);
}

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
    idleMs,
  }: {
    account: Account;
    rememberMe: boolean;
    ip: string;
    userAgent: string | null;
    deviceToken: string | undefined;
    now: Date;
    /** The config's session idle limit. */
    idleMs: number;
  },
): Promise<OpenedSession> {
  const device = deviceToken ?? newToken();
  // Sessions that ended without a logout (closed browser, idle) are swept at the next login;
  // a display's are not idle (idleTimeoutOf).
  const idleTimeoutMs = idleTimeoutOf(account.user.role, false, idleMs);
  await repo.deleteDeadSessions(
    tx,
    account.user.id,
    now,
    idleTimeoutMs === null ? null : new Date(now.getTime() - idleTimeoutMs),
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
    session: sessionView(account, { fixedDisplay: false, idleTimeoutMs }),
    maxAgeSeconds: rememberMe ? Math.floor(REMEMBER_MAX_MS / 1000) : null,
    deviceToken: device,
  };
}

/**
 * The session behind a cookie, checked on every request: unknown, idle for longer than its
 * limit (30 minutes; never for a display: idleTimeoutOf) or past its end → 401; account or plan no longer valid → the plan's message (403), and the session
 * ends so the next screen is the login screen.
 */
export async function authenticate({
  db,
  clock,
  token,
  endRefused = true,
  sessions,
  idleMs,
}: {
  db: Db;
  clock: Clock;
  token: string | undefined;
  /** The config's session idle limit (a display's session has none). */
  idleMs: number;
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
  if (kept && !sessionDue(kept, now, idleMs) && allowedNow(kept, now)) {
    return authContextOf(kept, idleMs);
  }
  const generation = sessions?.generation ?? 0;
  const found = await users.findSessionAccount(db, tokenHash);
  if (!found) throw authErrors.noSession();
  const { session, ...account } = found;
  const idleFor = now.getTime() - session.lastSeenAt.getTime();
  const idleLimit = idleTimeoutOf(account.user.role, session.fixedDisplay, idleMs);
  if ((idleLimit !== null && idleFor > idleLimit) || now >= session.expiresAt) {
    await repo.deleteSession(db, session.id);
    throw authErrors.sessionExpired();
  }
  try {
    assertAllowed(account, now);
  } catch (refusal) {
    if (endRefused) await repo.deleteSession(db, session.id);
    throw refusal;
  }
  if (idleFor > touchEvery(idleMs)) {
    await repo.touchSession(db, session.id, now);
    session.lastSeenAt = now;
  }
  sessions?.keep(tokenHash, found, generation);
  return authContextOf(found, idleMs);
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
function sessionDue({ session }: SessionAccount, now: Date, idleMs: number): boolean {
  return (
    now.getTime() - session.lastSeenAt.getTime() > touchEvery(idleMs) || now >= session.expiresAt
  );
}

function authContextOf({ session, user, branch }: SessionAccount, idleMs: number): AuthContext {
  return {
    sessionId: session.id,
    fixedDisplay: session.fixedDisplay,
    idleTimeoutMs: idleTimeoutOf(user.role, session.fixedDisplay, idleMs),
    user,
    branch,
    mustSetUpTwoFactor: mustSetUpTwoFactor(user),
  };
}

export async function logout({ db, token }: { db: Db; token: string | undefined }) {
  if (!token) return;
  const session = await repo.findSessionByTokenHash(db, hashToken(token));
  if (session) await repo.deleteSession(db, session.id);
}

/** Ends every session of a user (deactivated, reactivated). */
export async function endUserSessions(tx: DbOrTx, userId: string): Promise<void> {
  await repo.deleteSessionsOf(tx, [userId]);
}

/** Ends every session of a branch's users. */
export async function endBranchSessions(tx: DbOrTx, branchId: string): Promise<void> {
  await repo.deleteSessionsOf(tx, await users.userIdsOfBranch(tx, branchId));
}
