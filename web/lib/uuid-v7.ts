/**
 * UUID version 7 (RFC 9562, section 5.7): 48 bits of Unix time in milliseconds, the version, 12
 * bits of a counter (method 1 of section 6.2: "fixed bit-length dedicated counter", seeded at
 * random each millisecond), the variant and 62 random bits. Ids made on one device sort in the
 * order they were made (the tap outbox relies on it: api/tap-store.ts). The server checks only
 * that an operation id is a UUID. A few lines instead of the `uuid` package in the waiters'
 * first load.
 */
const bytes = new Uint8Array(16);
let lastMs = -1;
let counter = 0;

export function uuidv7(): string {
  crypto.getRandomValues(bytes);
  let ms = Date.now();
  if (ms > lastMs) {
    lastMs = ms;
    counter = ((bytes[6]! & 0x07) << 8) | bytes[7]!; // below 0x800: room to count up
  } else {
    // The same millisecond (or the clock went back): count on; past 12 bits, the next one.
    counter += 1;
    if (counter > 0xfff) {
      lastMs += 1;
      counter = 0;
    }
    ms = lastMs;
  }
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
