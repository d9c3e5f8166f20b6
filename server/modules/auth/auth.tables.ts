/**
 * Sign-in: sessions, password resets, login attempts, trusted devices and two-factor sign-in;
 * and managers' approval PINs with the wrong PINs that lock them (auth.pin.usecases.ts).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, instant, updatedAt } from '../../db/columns';
import { users } from '../users/users.tables';

/** Opaque session tokens; only their SHA-256 is stored so a leaked row cannot log anyone in. */
export const sessions = pgTable(
  'sessions',
  {
    id: id().primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 hex of the opaque token sent in the cookie. */
    tokenHash: text('token_hash').notNull(),
    // Remember Me: a persistent cookie instead of one that ends with the browser.
    remember: boolean('remember').notNull().default(false),
    createdAt: createdAt(),
    // Drives the 30-minute inactivity timeout.
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    /**
     * A fixed display (a wall tablet, a counter screen) a manager marked from the device itself:
     * it never ends for idleness (only at its expiry, a sign-out or a deactivation). A kitchen
     * account's sessions are displays without the mark (docs/kitchen.md, "A display stays").
     */
    fixedDisplay: boolean('fixed_display').notNull().default(false),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    unique('sessions_token_hash_unique').on(t.tokenHash),
    index('sessions_user_id_idx').on(t.userId),
    // Lets a sweeper delete expired sessions without a full scan.
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/** Single-use password reset links; the token itself is only in the mail. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id().primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('password_reset_tokens_token_hash_unique').on(t.tokenHash),
    index('password_reset_tokens_user_id_idx').on(t.userId),
  ],
);

/** Login history for throttling by account and by address, and for an audit of failures. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: id().primaryKey(),
    /**
     * Lower-cased as typed; not a foreign key because unknown emails are attempts too. A signed-in
     * account's own password or code (a password change, two-factor sign-in) counts under
     * `account:<user id>` (the same limits, their own count).
     */
    email: text('email').notNull(),
    ip: text('ip'),
    /**
     * sha256 of the device cookie when the attempt came from a device that signed in to this
     * account before: such attempts are counted apart, so strangers' failures never lock it.
     */
    deviceHash: text('device_hash'),
    // Written false before the password is checked (the attempt holds its place in the count
    // under a lock), set true when the password was right.
    succeeded: boolean('succeeded').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_attempts_email_created_at_idx').on(t.email, t.createdAt),
    index('login_attempts_ip_created_at_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Devices that signed in to an account (OWASP "device cookies"): the browser keeps an opaque
 * HttpOnly token, the database its sha256 per account it signed in to.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: id().primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at').notNull().defaultNow(),
  },
  (t) => [
    unique('trusted_devices_token_hash_user_id_unique').on(t.tokenHash, t.userId),
    index('trusted_devices_user_id_idx').on(t.userId),
  ],
);

/** Forgot-password requests, counted per email as typed and per address (abuse limits). */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: id().primaryKey(),
    email: text('email').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_reset_requests_email_created_at_idx').on(t.email, t.createdAt),
    index('password_reset_requests_ip_created_at_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Two-factor sign-in (TOTP) of an account: present while it is on or being set up. Secrets are
 * sealed with AES-256-GCM under the server's TOTP_KEY (auth.totp.ts), never stored in clear.
 */
export const twoFactorCredentials = pgTable(
  'two_factor_credentials',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The confirmed secret; null while only a set-up is pending. */
    secret: text('secret'),
    enabledAt: instant('enabled_at'),
    /** The last 30-second step whose code was accepted: that code and older ones are refused. */
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    /** A set-up not yet confirmed with a code (replaces `secret` once confirmed). */
    pendingSecret: text('pending_secret'),
    pendingSince: instant('pending_since'),
  },
  (t) => [
    check(
      'two_factor_credentials_enabled_check',
      sql`(${t.secret} is null) = (${t.enabledAt} is null)`,
    ),
  ],
);

/** Single-use recovery codes of an account with two-factor sign-in; only their SHA-256. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: id().primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [unique('two_factor_recovery_codes_user_code_unique').on(t.userId, t.codeHash)],
);

/**
 * A password proven, the second step still to come: the opaque token is in a short-lived
 * HttpOnly cookie, only its SHA-256 here. Used once, then deleted.
 */
export const pendingLogins = pgTable(
  'pending_logins',
  {
    id: id().primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Remember Me as asked at the first step. */
    remember: boolean('remember').notNull(),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('pending_logins_token_hash_unique').on(t.tokenHash),
    index('pending_logins_user_id_idx').on(t.userId),
  ],
);

export type Session = typeof sessions.$inferSelect;

export type PasswordResetToken = typeof passwordResetTokens.$inferSelect;

export type LoginAttempt = typeof loginAttempts.$inferSelect;

/**
 * A manager's PIN for approvals on a shared device (voids, cash differences, complimentary
 * items, marking a display): a hash, never the PIN (docs/kitchen.md, "Voids"). Wrong PINs are
 * counted in `pin_attempts`, per person and device.
 */
export const managerPins = pgTable('manager_pins', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  pinHash: text('pin_hash').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Wrong approval PINs, counted per person and device (docs/kitchen.md, "Voids"): who typed
 * them (the signed-in user), on which device (their session), against which manager's PIN.
 * Five in a row lock that manager's PIN for that person (on every device) for a while; the
 * manager and everybody else keep using it.
 */
export const pinAttempts = pgTable(
  'pin_attempts',
  {
    managerId: uuid('manager_id')
      .notNull()
      .references(() => users.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The device: the session the PINs were typed in (a hash-free id, never the token). */
    device: text('device').notNull(),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    lockedUntil: instant('locked_until'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'pin_attempts_pk', columns: [t.managerId, t.userId, t.device] }),
    index('pin_attempts_person_idx').on(t.managerId, t.userId),
  ],
);
