import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm is an ambient const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (~tens of ms per hash here). Raising
// these later is safe: verify() reads the parameters stored in each hash.
const options = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Hashes a password as a PHC string ($argon2id$v=19$m=19456,t=2,p=1$salt$hash). */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain, options);
}

/**
 * True when `plain` matches `passwordHash`. A malformed or empty stored hash answers false
 * instead of throwing, so a damaged row reads as a wrong password rather than a server error.
 */
export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}
