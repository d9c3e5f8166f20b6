import { describe, expect, it } from 'vitest';
import { LONG_OPEN_MINUTES, tableStateOf } from './table-state';

const now = Date.parse('2026-12-01T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
const open = { itemCount: 2, billPrinted: false, openedAt: minutesAgo(10) };

describe('a table state on the floor', () => {
  it('is free without an order, whatever else is said', () => {
    expect(tableStateOf({ ...open, itemCount: 0, openedAt: null }, undefined, now)).toBe('free');
  });

  it('is ordering while nothing is in the kitchen, kitchen while items cook', () => {
    expect(tableStateOf(open, undefined, now)).toBe('ordering');
    expect(tableStateOf(open, { cooking: 0, ready: 0 }, now)).toBe('ordering');
    expect(tableStateOf(open, { cooking: 2, ready: 0 }, now)).toBe('kitchen');
  });

  it('says ready before billed, billed before long open, long open before kitchen', () => {
    const long = { ...open, openedAt: minutesAgo(LONG_OPEN_MINUTES) };
    expect(tableStateOf({ ...long, billPrinted: true }, { cooking: 1, ready: 1 }, now)).toBe(
      'ready',
    );
    expect(tableStateOf({ ...long, billPrinted: true }, { cooking: 1, ready: 0 }, now)).toBe(
      'billed',
    );
    expect(tableStateOf(long, { cooking: 1, ready: 0 }, now)).toBe('long');
    expect(
      tableStateOf({ ...open, openedAt: minutesAgo(LONG_OPEN_MINUTES - 1) }, undefined, now),
    ).toBe('ordering');
  });
});
