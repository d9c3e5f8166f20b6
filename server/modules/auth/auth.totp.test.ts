import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  openSecret,
  otpauthUri,
  sealSecret,
  totpCode,
  totpStep,
} from './auth.totp';

// RFC 6238 appendix B: the SHA-1 key is the ASCII "12345678901234567890".
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');
const RFC_SECRET = base32Encode(RFC_KEY);

describe('base32 (RFC 4648 section 10)', () => {
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('encodes %j as %s (without padding) and reads it back', (text, encoded) => {
    expect(base32Encode(Buffer.from(text))).toBe(encoded);
    expect(base32Decode(encoded).toString()).toBe(text);
  });

  it('reads what people type: lower case, spaces, hyphens and padding', () => {
    expect(base32Decode('mzxw 6ytb-oi======').toString()).toBe('foobar');
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });

  it('refuses characters outside the alphabet', () => {
    expect(() => base32Decode('MZXW1')).toThrow('Not a base32 string');
  });

  it('round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect([...base32Decode(base32Encode(bytes))]).toEqual([...bytes]);
      }),
    );
  });
});

describe('HOTP and TOTP', () => {
  it('gives the RFC 4226 appendix D codes for counters 0 to 9', () => {
    const codes = Array.from({ length: 10 }, (_, counter) => hotp(RFC_KEY, counter));
    expect(codes).toEqual([
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ]);
  });

  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('gives the RFC 6238 appendix B SHA-1 code at %i s (8 digits, and its last 6)', (t, code) => {
    const step = totpStep(new Date(t * 1000));
    expect(hotp(RFC_KEY, step, 8)).toBe(code);
    expect(totpCode(RFC_SECRET, step)).toBe(code.slice(2));
  });

  it('accepts a code one step either side of now, not two, and never a used step again', () => {
    const at = new Date(1234567890_000);
    const now = totpStep(at);
    const code = (step: number) => totpCode(RFC_SECRET, step);
    expect(matchTotp(RFC_SECRET, code(now), at, null)).toBe(now);
    expect(matchTotp(RFC_SECRET, code(now - 1), at, null)).toBe(now - 1);
    expect(matchTotp(RFC_SECRET, code(now + 1), at, null)).toBe(now + 1);
    expect(matchTotp(RFC_SECRET, code(now - 2), at, null)).toBeNull();
    expect(matchTotp(RFC_SECRET, code(now + 2), at, null)).toBeNull();
    expect(matchTotp(RFC_SECRET, code(now), at, now)).toBeNull();
    expect(matchTotp(RFC_SECRET, code(now + 1), at, now)).toBe(now + 1);
    expect(matchTotp(RFC_SECRET, '12345', at, null)).toBeNull();
  });
});

describe('secrets, URIs and recovery codes', () => {
  it('makes 160-bit secrets and an otpauth URI any authenticator app reads', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    const uri = new URL(otpauthUri(secret, 'priya@demo.cafe'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/TableFlow:priya@demo.cafe');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret,
      issuer: 'TableFlow',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });

  it('seals a secret with AES-256-GCM for one account only, and only the same key opens it', () => {
    const key = randomBytes(32);
    const sealed = sealSecret(key, RFC_SECRET, 'account-1');
    expect(sealed).not.toContain(RFC_SECRET);
    expect(sealSecret(key, RFC_SECRET, 'account-1')).not.toBe(sealed);
    expect(openSecret(key, sealed, 'account-1')).toBe(RFC_SECRET);
    expect(() => openSecret(key, sealed, 'account-2')).toThrow();
    expect(() => openSecret(randomBytes(32), sealed, 'account-1')).toThrow();
  });

  it('makes ten different recovery codes, read back whatever the case and spacing', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    expect(normalizeRecoveryCode(' K7QD-m2xa vp4e ')).toBe('k7qdm2xavp4e');
  });
});
