import { describe, expect, it } from 'vitest';
import { ageLevel, ageMs, clockOffsetMs, formatAge, spokenAge } from './ticket-age';

const minutes = { amberAfterMinutes: 10, redAfterMinutes: 20 };

describe('ticket ages', () => {
  it('counts from the server clock, not the tablet clock', () => {
    // The tablet is 3 minutes slow: it read the server's 12:00:00 at its own 11:57:00.
    const offset = clockOffsetMs('2026-11-26T12:00:00.000Z', Date.parse('2026-11-26T11:57:00Z'));
    expect(offset).toBe(180_000);
    // A ticket made at 11:55 server time, seen at the tablet's 11:58 (server 12:01): 6 minutes.
    const age = ageMs('2026-11-26T11:55:00.000Z', Date.parse('2026-11-26T11:58:00Z'), offset);
    expect(age).toBe(6 * 60_000);
  });

  it('never shows a negative age (a ticket stamped a moment ahead)', () => {
    expect(ageMs('2026-11-26T12:00:05Z', Date.parse('2026-11-26T12:00:00Z'), 0)).toBe(0);
  });

  it('takes an unreadable time as no offset and no age', () => {
    expect(clockOffsetMs('not a time', 1000)).toBe(0);
    expect(ageMs('not a time', 1000, 0)).toBe(0);
  });

  it('turns amber and red at the branch minutes, reached in whole minutes', () => {
    expect(ageLevel(9 * 60_000 + 59_999, minutes)).toBe('fresh');
    expect(ageLevel(10 * 60_000, minutes)).toBe('amber');
    expect(ageLevel(19 * 60_000 + 59_000, minutes)).toBe('amber');
    expect(ageLevel(20 * 60_000, minutes)).toBe('red');
    expect(ageLevel(5 * 60_000, { amberAfterMinutes: 3, redAfterMinutes: 3 })).toBe('red');
  });

  it('shows the age as a clock counting up, hours when it takes that long', () => {
    expect(formatAge(0)).toBe('0:00');
    expect(formatAge(42_500)).toBe('0:42');
    expect(formatAge(12 * 60_000 + 5_000)).toBe('12:05');
    expect(formatAge(3_729_000)).toBe('1:02:09');
  });

  it('says the age in words for screen readers', () => {
    expect(spokenAge(30_000)).toBe('under a minute');
    expect(spokenAge(60_000)).toBe('1 minute');
    expect(spokenAge(12 * 60_000 + 59_000)).toBe('12 minutes');
  });
});
