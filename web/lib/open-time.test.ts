import { describe, expect, it } from 'vitest';
import { formatOpenFor } from './open-time';

describe('how long a table has been open', () => {
  const opened = '2026-05-01T12:00:00.000Z';
  const at = (minutes: number, seconds = 0) =>
    Date.parse(opened) + minutes * 60_000 + seconds * 1000;

  it('counts whole minutes below an hour', () => {
    expect(formatOpenFor(opened, at(0, 59))).toBe('0 min');
    expect(formatOpenFor(opened, at(42, 30))).toBe('42 min');
  });

  it('shows hours and two-digit minutes from an hour on', () => {
    expect(formatOpenFor(opened, at(65))).toBe('1 h 05 min');
    expect(formatOpenFor(opened, at(180))).toBe('3 h 00 min');
  });

  it('never shows a negative time when the device clock is behind the server', () => {
    expect(formatOpenFor(opened, at(-3))).toBe('0 min');
  });
});
