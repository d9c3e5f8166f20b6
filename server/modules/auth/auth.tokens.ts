import { createHash, randomBytes } from 'node:crypto';

/** An opaque, unguessable token (256 bits) for a session cookie or a reset link. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored: a leaked database row cannot be replayed as a cookie or link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
