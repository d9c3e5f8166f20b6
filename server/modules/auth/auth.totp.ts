import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238) as every authenticator app reads them: HMAC-SHA-1,
 * 6 digits, 30-second steps, secrets in base32 (RFC 4648) inside an otpauth:// URI. A code is
 * accepted one step either side of the server's (clocks of phones drift), and never for a step
 * at or before the last one used (a code seen over a shoulder cannot be replayed).
 */
export const TOTP = { periodSeconds: 30, digits: 6, window: 1, issuer: 'TableFlow' } as const;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (authenticator apps take it so). */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let value = 0;
  let bits = 0;
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Reads base32 as people type it: any case, spaces, hyphens and padding ignored. */
export function base32Decode(text: string): Buffer {
  const out: number[] = [];
  let value = 0;
  let bits = 0;
  for (const char of text.replace(/[\s=-]/g, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('Not a base32 string');
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** HOTP (RFC 4226): the code of one counter value. */
export function hotp(key: Uint8Array, counter: number, digits: number = TOTP.digits): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The 30-second step an instant falls in (RFC 6238's T, with T0 = 0). */
export const totpStep = (at: Date): number => Math.floor(at.getTime() / 1000 / TOTP.periodSeconds);

/** The code an authenticator app shows for `secret` (base32) at step `step`. */
export const totpCode = (secret: string, step: number): string => hotp(base32Decode(secret), step);

/**
 * The step whose code `code` is, within one step of `at` and after `lastUsedStep`; null when
 * none is (wrong, too old, or already used). Compared in constant time.
 */
export function matchTotp(
  secret: string,
  code: string,
  at: Date,
  lastUsedStep: number | null,
): number | null {
  const key = base32Decode(secret);
  const given = Buffer.from(code);
  const now = totpStep(at);
  let matched: number | null = null;
  for (let step = now - TOTP.window; step <= now + TOTP.window; step++) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    const expected = Buffer.from(hotp(key, step));
    if (expected.length === given.length && timingSafeEqual(expected, given)) matched ??= step;
  }
  return matched;
}

/** A new secret: 160 random bits (RFC 4226's recommendation), base32. */
export const newTotpSecret = (): string => base32Encode(randomBytes(20));

/** What a QR code carries: `otpauth://totp/TableFlow:email?secret=…&issuer=TableFlow…`. */
export function otpauthUri(secret: string, accountName: string): string {
  const label = `${encodeURIComponent(TOTP.issuer)}:${encodeURIComponent(accountName)}`;
  const query = new URLSearchParams({
    secret,
    issuer: TOTP.issuer,
    algorithm: 'SHA1',
    digits: String(TOTP.digits),
    period: String(TOTP.periodSeconds),
  });
  return `otpauth://totp/${label}?${query}`;
}

// Recovery codes ---------------------------------------------------------------------------------

export const RECOVERY_CODE_COUNT = 10;

/** Ten codes like `k7qd-m2xa-vp4e` (60 random bits each), shown once; only hashes are kept. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    (base32Encode(randomBytes(8)).slice(0, 12).toLowerCase().match(/.{4}/g) ?? []).join('-'),
  );
}

/** A recovery code as typed, made comparable: lower case, without spaces or hyphens. */
export const normalizeRecoveryCode = (typed: string): string =>
  typed.toLowerCase().replace(/[^a-z2-7]/g, '');

// Secrets at rest --------------------------------------------------------------------------------

/**
 * AES-256-GCM with the server's TOTP key: `v1.<iv>.<tag>.<ciphertext>` (base64url). The account
 * id is bound as associated data, so a secret copied onto another account does not open.
 */
export function sealSecret(key: Buffer, secret: string, accountId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(accountId));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Opens a sealed secret; throws when the key is not the one it was sealed with. */
export function openSecret(key: Buffer, sealed: string, accountId: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) {
    throw new Error('Unknown sealed secret format');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(accountId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
