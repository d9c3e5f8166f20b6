/**
 * A ticket's age on the kitchen display, counted from the server's clock (docs/kitchen.md): a
 * wall tablet's own clock may be minutes off, so the display keeps the difference between the
 * server's time in the last answer and the tablet's time when it arrived, and adds it.
 */

/** How a ticket's age is shown: plain, then amber, then red after the branch's minutes. */
export type AgeLevel = 'fresh' | 'amber' | 'red';

/** The server's clock minus the device's, from one answer: `serverNow` (ISO) read at `deviceAt`. */
export function clockOffsetMs(serverNow: string, deviceAt: number): number {
  const server = Date.parse(serverNow);
  return Number.isNaN(server) ? 0 : server - deviceAt;
}

/** How long ago `sentAt` (ISO, server time) was, at the device's `deviceNow`, never below 0. */
export function ageMs(sentAt: string, deviceNow: number, offsetMs: number): number {
  const created = Date.parse(sentAt);
  if (Number.isNaN(created)) return 0;
  return Math.max(0, deviceNow + offsetMs - created);
}

/** Amber from `amberAfterMinutes`, red from `redAfterMinutes` (both whole minutes reached). */
export function ageLevel(
  age: number,
  minutes: { amberAfterMinutes: number; redAfterMinutes: number },
): AgeLevel {
  const whole = Math.floor(age / 60_000);
  if (whole >= minutes.redAfterMinutes) return 'red';
  if (whole >= minutes.amberAfterMinutes) return 'amber';
  return 'fresh';
}

const two = (n: number) => String(n).padStart(2, '0');

/** The age as a clock counting up: '0:42', '12:05', '1:02:09'. */
export function formatAge(age: number): string {
  const seconds = Math.floor(Math.max(0, age) / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${minutes}:${two(rest)}`;
}

/** The age in words for a screen reader: '12 minutes', '1 minute', 'under a minute'. */
export function spokenAge(age: number): string {
  const minutes = Math.floor(Math.max(0, age) / 60_000);
  if (minutes === 0) return 'under a minute';
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
