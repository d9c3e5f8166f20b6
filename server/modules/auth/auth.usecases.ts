import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, unauthorized } from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';
import { MESSAGES } from '../../../shared/messages';
import { SESSION_IDLE_MS } from '../../../shared/constants';
import type { Session } from '../../../shared/schemas/auth.schemas';
import { accessRefusal } from './auth.access';
import { hashPassword, verifyPassword } from './auth.password';
import * as repo from './auth.repository';
import type { Account } from './auth.repository';
import { hashToken, newToken } from './auth.tokens';

const MINUTE = 60_000;
export const REMEMBER_MAX_MS = 30 * 24 * 60 * MINUTE;
export const PLAIN_SESSION_MAX_MS = 12 * 60 * MINUTE;
const TOUCH_EVERY_MS = MINUTE;
const LOGIN_WINDOW_MS = 15 * MINUTE;
const MAX_FAILURES_PER_ACCOUNT = 5;
const MAX_FAILURES_PER_IP = 20;
const RESET_LINK_TTL_MS = 30 * MINUTE;

export interface AuthContext {
  sessionId: string;
  user: Account['user'];
  branch: Account['branch'];
}

/** What the web app needs to know of the signed-in user, and where to land. */
export function sessionView(account: Pick<Account, 'user' | 'branch'>): Session {
  const { user, branch } = account;
  const home =
    user.role === 'super_admin'
      ? '/admin'
      : user.mustChangePassword
        ? '/change-password'
        : '/usersidebar/billing';
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      mustChangePassword: user.mustChangePassword,
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

function refusalError(account: Account, now: Date): AppError | null {
  const refusal = accessRefusal(account.user, account.branch, now);
  return refusal ? new AppError(403, refusal.code, refusal.message) : null;
}

let dummyHash: Promise<string> | undefined;
/** Unknown emails still cost one argon2 verify, so timing does not tell which emails exist. */
function verifyAgainstNothing(password: string) {
  dummyHash ??= hashPassword('no account has this password');
  return dummyHash.then((hash) => verifyPassword(hash, password));
}

const tooManyAttempts = () =>
  new AppError(429, 'auth.too_many_attempts', MESSAGES.login.tooManyAttempts);

export async function login({
  db,
  clock,
  email,
  password,
  rememberMe,
  ip,
  userAgent,
}: {
  db: Db;
  clock: Clock;
  email: string;
  password: string;
  rememberMe: boolean;
  ip: string;
  userAgent: string | null;
}): Promise<{ token: string; session: Session; maxAgeSeconds: number | null }> {
  const now = clock();
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  if (
    (await repo.countFailedLogins(db, { email }, since)) >= MAX_FAILURES_PER_ACCOUNT ||
    (await repo.countFailedLogins(db, { ip }, since)) >= MAX_FAILURES_PER_IP
  ) {
    throw tooManyAttempts();
  }
  const account = await repo.findAccountByEmail(db, email);
  const valid = account
    ? await verifyPassword(account.user.passwordHash, password)
    : await verifyAgainstNothing(password);
  await repo.recordLoginAttempt(db, { email, ip, succeeded: valid, createdAt: now });
  // One sentence for an unknown email and a wrong password: never say which was wrong.
  if (!account || !valid)
    throw unauthorized('auth.invalid_credentials', MESSAGES.login.invalidCredentials);

  // Plan and account messages come only after the password is proven.
  const refusal = refusalError(account, now);
  if (refusal) throw refusal;

  // Sessions that ended without a logout (closed browser, idle) are swept at the next login.
  await repo.deleteDeadSessions(
    db,
    account.user.id,
    now,
    new Date(now.getTime() - SESSION_IDLE_MS),
  );
  const token = newToken();
  const maxAgeMs = rememberMe ? REMEMBER_MAX_MS : PLAIN_SESSION_MAX_MS;
  await repo.insertSession(db, {
    userId: account.user.id,
    tokenHash: hashToken(token),
    remember: rememberMe,
    createdAt: now,
    expiresAt: new Date(now.getTime() + maxAgeMs),
    ip,
    userAgent,
  });
  return {
    token,
    session: sessionView(account),
    maxAgeSeconds: rememberMe ? Math.floor(REMEMBER_MAX_MS / 1000) : null,
  };
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
}: {
  db: Db;
  clock: Clock;
  token: string | undefined;
}): Promise<AuthContext> {
  if (!token) throw unauthorized('auth.no_session', MESSAGES.auth.loginRequired);
  const row = await repo.findSessionByTokenHash(db, hashToken(token));
  if (!row) throw unauthorized('auth.no_session', MESSAGES.auth.loginRequired);
  const now = clock();
  const idleFor = now.getTime() - row.session.lastSeenAt.getTime();
  if (idleFor > SESSION_IDLE_MS || now >= row.session.expiresAt) {
    await repo.deleteSession(db, row.session.id);
    throw unauthorized('auth.session_expired', MESSAGES.auth.sessionEnded);
  }
  const refusal = refusalError(row, now);
  if (refusal) {
    await repo.deleteSession(db, row.session.id);
    throw refusal;
  }
  if (idleFor > TOUCH_EVERY_MS) await repo.touchSession(db, row.session.id, now);
  return { sessionId: row.session.id, user: row.user, branch: row.branch };
}

export async function logout({ db, token }: { db: Db; token: string | undefined }) {
  if (!token) return;
  const row = await repo.findSessionByTokenHash(db, hashToken(token));
  if (row) await repo.deleteSession(db, row.session.id);
}

/** Changes the signed-in user's password and ends their other sessions at once. */
export async function changePassword({
  db,
  clock,
  auth,
  currentPassword,
  newPassword,
}: {
  db: Db;
  clock: Clock;
  auth: AuthContext;
  currentPassword: string;
  newPassword: string;
}): Promise<Session> {
  const account = await repo.findAccountById(db, auth.user.id);
  if (!account || !(await verifyPassword(account.user.passwordHash, currentPassword))) {
    throw badRequest('auth.wrong_current_password', MESSAGES.auth.wrongCurrentPassword, {
      currentPassword: MESSAGES.auth.wrongCurrentPassword,
    });
  }
  if (currentPassword === newPassword) {
    throw badRequest('auth.same_password', MESSAGES.auth.samePassword, {
      newPassword: MESSAGES.auth.samePassword,
    });
  }
  const passwordHash = await hashPassword(newPassword);
  const now = clock();
  await db.transaction(async (tx) => {
    await repo.setPassword(tx, auth.user.id, passwordHash, { mustChange: false, at: now });
    await repo.deleteUserSessions(tx, auth.user.id, auth.sessionId);
  });
  return sessionView({
    user: { ...account.user, mustChangePassword: false },
    branch: account.branch,
  });
}

/** Mails a single-use link valid 30 minutes; answers the same whether the email exists or not. */
export async function requestPasswordReset({
  db,
  clock,
  mailer,
  publicUrl,
  email,
}: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  email: string;
}): Promise<void> {
  const account = await repo.findAccountByEmail(db, email);
  if (!account) {
    await verifyAgainstNothing(email);
    return;
  }
  const now = clock();
  const token = newToken();
  const link = `${publicUrl}/reset-password?token=${token}`;
  await db.transaction(async (tx) => {
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
  void mailer.deliver();
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
  if (!row) throw badRequest('auth.reset_link_invalid', MESSAGES.auth.resetLinkInvalid);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    if (!(await repo.consumeResetToken(tx, row.id, now))) {
      throw badRequest('auth.reset_link_invalid', MESSAGES.auth.resetLinkInvalid);
    }
    await repo.setPassword(tx, row.userId, passwordHash, { mustChange: false, at: now });
    await repo.deleteUserSessions(tx, row.userId);
  });
}
