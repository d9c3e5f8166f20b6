// Letters and digits that cannot be mistaken for one another when read aloud or written down.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * A temporary password an admin, a manager or the operator (`npm run create-admin`) can read out to the new user: 'k7mp-x3qa-9wez' (12 random
 * characters, about 59 bits). The manager must change it at the first login anyway.
 */
export function suggestTemporaryPassword(): string {
  const chars: string[] = [];
  // Bytes of 248 and above are skipped so that every character is equally likely (248 = 31 × 8).
  while (chars.length < 12) {
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
      if (byte < 248 && chars.length < 12) chars.push(ALPHABET[byte % ALPHABET.length]!);
    }
  }
  return [0, 4, 8].map((start) => chars.slice(start, start + 4).join('')).join('-');
}
