import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';
import { SESSION_IDLE_MS } from '../shared/constants';
import { DEFAULT_TIME_ZONE, isValidTimeZone } from '../shared/dates';
import { PRINT_RETRY_DELAYS_MS } from '../shared/printing';
import { LISTEN_HEARTBEAT_MS } from './lib/listen';
import { DEFAULT_PRINTER_NETWORKS, parseCidr } from './modules/printing/printer-networks';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PostgreSQL server; when unset the embedded PGlite in DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Create the demo branch and logins when the database has no super admin yet. */
  SEED_DEMO: booleanFromEnv.default(true),
  /** smtp://user:pass@host:port; without it mail stays in the outbox table and the log. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('TableFlow <no-reply@tableflow.in>'),
  /** Where demo requests are mailed. */
  PLATFORM_INBOX: z.string().email().default('sales@tableflow.in'),
  /** Address used in links inside mails (password reset, welcome). */
  PUBLIC_URL: z.string().url().optional(),
  WEB_DIST: z.string().default('./dist/web'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Behind reverse proxies: which X-Forwarded-* hops to believe for the client address and HTTPS.
   * A number of proxy hops in front of the server (1 for one nginx), or a comma-separated list
   * of the proxies' addresses or CIDRs ('10.0.0.1, 172.16.0.0/12'); false (default) believes
   * none. 'true' is refused: it would believe every hop, so a forged header would escape every
   * per-address limit.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): false | number | string[] => {
      const trimmed = value.trim();
      if (trimmed === 'false' || trimmed === '0') return false;
      if (/^\d+$/.test(trimmed)) return Number(trimmed);
      const entries = trimmed.split(',').map((entry) => entry.trim());
      const bad = entries.find((entry) => !isProxyAddress(entry));
      if (bad === undefined) return entries;
      ctx.addIssue({
        code: 'custom',
        message:
          trimmed === 'true'
            ? "'true' would trust every hop: give the number of proxies (e.g. 1) or their addresses"
            : `'${bad}' is neither a number of proxy hops nor an IP address or CIDR`,
      });
      return z.NEVER;
    }),
  /**
   * Demo requests accepted per address per hour. Generous: carrier networks in India put many
   * phones behind one address.
   */
  DEMO_REQUESTS_PER_HOUR: z.coerce.number().int().positive().default(30),
  /**
   * PostgreSQL: how often each LISTEN connection (sessions in memory, live events) proves it is
   * alive with a `select 1`, and how long its answer may take; a silent connection is dropped
   * and opened again within two of these. Milliseconds.
   */
  LISTEN_HEARTBEAT_MS: z.coerce.number().int().min(50).max(60_000).default(LISTEN_HEARTBEAT_MS),
  /**
   * Live-update streams (GET /api/events) one process keeps open for one session, and for one
   * branch; the next is refused with 429 until one closes. A screen holds one stream.
   */
  EVENT_STREAMS_PER_SESSION: z.coerce.number().int().positive().default(5),
  EVENT_STREAMS_PER_BRANCH: z.coerce.number().int().positive().default(200),
  /**
   * The networks the server may send print jobs to (docs/printing.md, "Allowed addresses"):
   * comma-separated CIDRs or addresses. The private ranges by default; loopback, link-local and
   * public addresses are refused unless listed, so a printer's address cannot reach the
   * server's own services or other hosts. Checked when a printer is saved and on the resolved
   * address when a job is sent.
   */
  PRINTER_ALLOWED_NETWORKS: z
    .string()
    .default(DEFAULT_PRINTER_NETWORKS.join(','))
    .transform((value, ctx): string[] => {
      const entries = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const bad = entries.find((entry) => parseCidr(entry) === null);
      if (bad === undefined) return entries;
      ctx.addIssue({ code: 'custom', message: `'${bad}' is not an IP address or CIDR` });
      return z.NEVER;
    }),
  /** Whether this process sends print jobs (default: yes, except in tests, which drive it). */
  PRINT_SENDER: booleanFromEnv.optional(),
  /** How long a print may take: connecting, writing and the printer closing, milliseconds. */
  PRINT_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(5_000),
  /** How often the sender looks for due jobs besides the notifications, milliseconds. */
  PRINT_SCAN_MS: z.coerce.number().int().min(100).max(600_000).default(3_000),
  /** How long a job taken by a sender is its own (a sender that died lets it go after), ms. */
  PRINT_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  /**
   * The waits between a job's tries (comma-separated milliseconds); its tries are one more
   * than these. Default shared/printing.ts PRINT_RETRY_DELAYS_MS.
   */
  PRINT_RETRY_DELAYS_MS: z
    .string()
    .default(PRINT_RETRY_DELAYS_MS.join(','))
    .transform((value, ctx): number[] => {
      const parts = value.trim() === '' ? [] : value.split(',').map((part) => part.trim());
      if (parts.every((part) => /^\d{1,7}$/.test(part)) && parts.length <= 10) {
        return parts.map(Number);
      }
      ctx.addIssue({ code: 'custom', message: 'must be up to 10 comma-separated milliseconds' });
      return z.NEVER;
    }),
  /**
   * FOR TESTS ONLY: a shorter session idle limit than the spec's 30 minutes (SESSION_IDLE_MS),
   * in milliseconds, so a test can prove what happens after it without waiting half an hour
   * (e2e/display.spec.ts). It can only shorten the limit (1 s to 30 minutes), never lengthen
   * or remove it, and the server warns at start while it is set. Unset in production.
   */
  TEST_SESSION_IDLE_MS: z.coerce.number().int().min(1_000).max(SESSION_IDLE_MS).optional(),
  /** The platform's own time zone: times in platform mails (demo requests) are written in it. */
  PLATFORM_TIME_ZONE: z
    .string()
    .refine(isValidTimeZone, 'Unknown time zone')
    .default(DEFAULT_TIME_ZONE),
  /**
   * The key that seals two-factor secrets at rest (AES-256-GCM): 32 random bytes in base64
   * (`openssl rand -base64 32`). Keep it with the database backups' secrets: without it no
   * stored secret opens. When unset a fixed development key is used (warned in production).
   */
  TOTP_KEY: z
    .string()
    .refine(
      (value) => Buffer.from(value, 'base64').length === 32,
      'must be 32 bytes in base64 (openssl rand -base64 32)',
    )
    .optional(),
});

/** An IP address or CIDR ('10.0.0.0/8', 'fd00::/8'), or one of proxy-addr's named ranges. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

export type Config = z.infer<typeof configSchema> & {
  publicUrl: string;
  /** How long a session may go without a request (not a display's): TEST_SESSION_IDLE_MS or 30 min. */
  sessionIdleMs: number;
  /** TOTP_KEY's 32 bytes, or the development key when it is unset. */
  totpKey: Buffer;
  /** True when TOTP_KEY is unset: fine for development and tests, warned in production. */
  totpKeyIsDevelopmentKey: boolean;
};

/** Seals two-factor secrets when TOTP_KEY is unset: known to anyone who reads this file. */
export const DEVELOPMENT_TOTP_KEY = createHash('sha256')
  .update('TableFlow development TOTP key: set TOTP_KEY in production')
  .digest();

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const config = parsed.data;
  if (config.PRINT_LEASE_MS < 3 * config.PRINT_TIMEOUT_MS) {
    // A job still being sent when its lease ends could be sent again by another process.
    throw new Error(
      'Invalid configuration:\n  PRINT_LEASE_MS: must be at least three times PRINT_TIMEOUT_MS',
    );
  }
  return {
    ...config,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    sessionIdleMs: config.TEST_SESSION_IDLE_MS ?? SESSION_IDLE_MS,
    totpKey: config.TOTP_KEY ? Buffer.from(config.TOTP_KEY, 'base64') : DEVELOPMENT_TOTP_KEY,
    totpKeyIsDevelopmentKey: !config.TOTP_KEY,
  };
}
