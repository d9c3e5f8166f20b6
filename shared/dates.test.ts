import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  businessDate,
  daysBetween,
  formatDisplayDate,
  formatDisplayDateTime,
  isValidIsoDate,
  isValidTimeZone,
  parseDayMonthYear,
  planStatus,
  startOfBusinessDate,
} from './dates';

const IST = 'Asia/Kolkata';
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
/** Instants from 1970 to 2100. */
const instantArb = fc.integer({ min: 0, max: 4_102_444_800_000 }).map((ms) => new Date(ms));
/** Valid dates from 1970-01-01 to 2100-12-31 as text. */
const isoDateArb = fc
  .integer({ min: 0, max: 47_846 })
  .map((days) => new Date(days * 86_400_000).toISOString().slice(0, 10));

describe('businessDate', () => {
  it.each([
    ['2025-03-01T18:29:59.999Z', '2025-03-01', '2025-03-01', 'one millisecond before midnight IST'],
    ['2025-03-01T18:30:00.000Z', '2025-03-02', '2025-03-01', 'midnight IST, still evening in UTC'],
    ['2025-03-01T23:59:59.999Z', '2025-03-02', '2025-03-01', 'just before midnight UTC'],
    ['2025-03-02T00:00:00.000Z', '2025-03-02', '2025-03-02', 'midnight UTC, 05:30 IST'],
    ['2024-12-31T18:30:00.000Z', '2025-01-01', '2024-12-31', 'new year in India first'],
    ['2024-02-28T18:30:00.000Z', '2024-02-29', '2024-02-28', 'a leap day in IST'],
    ['2026-03-31T18:29:00.000Z', '2026-03-31', '2026-03-31', '23:59 IST closes the financial year'],
    ['2026-03-31T18:31:00.000Z', '2026-04-01', '2026-03-31', '00:01 IST opens the next one'],
  ])('puts %s on %s in IST and %s in UTC (%s)', (instant, ist, utc) => {
    expect(businessDate(new Date(instant), IST)).toBe(ist);
    expect(businessDate(new Date(instant), 'UTC')).toBe(utc);
  });

  it('uses Asia/Kolkata when no time zone is given', () => {
    expect(businessDate(new Date('2025-03-01T18:30:00Z'))).toBe('2025-03-02');
  });

  it('follows daylight saving time in other zones', () => {
    // New York is UTC-5 in winter and UTC-4 in summer.
    expect(businessDate(new Date('2025-01-15T04:59:59Z'), 'America/New_York')).toBe('2025-01-14');
    expect(businessDate(new Date('2025-01-15T05:00:00Z'), 'America/New_York')).toBe('2025-01-15');
    expect(businessDate(new Date('2025-07-15T03:59:59Z'), 'America/New_York')).toBe('2025-07-14');
    expect(businessDate(new Date('2025-07-15T04:00:00Z'), 'America/New_York')).toBe('2025-07-15');
  });

  it('rejects an unknown time zone with a RangeError', () => {
    expect(() => businessDate(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });

  it('rejects an invalid Date with a RangeError', () => {
    expect(() => businessDate(new Date('nonsense'), IST)).toThrow(RangeError);
  });

  it('always equals the UTC date of the instant shifted by 5 h 30 min in IST', () => {
    fc.assert(
      fc.property(instantArb, (instant) => {
        const shifted = new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
        expect(businessDate(instant, IST)).toBe(shifted);
      }),
    );
  });

  it('always equals the ISO date of the instant in UTC', () => {
    fc.assert(
      fc.property(instantArb, (instant) => {
        expect(businessDate(instant, 'UTC')).toBe(instant.toISOString().slice(0, 10));
      }),
    );
  });
});

describe('isValidTimeZone', () => {
  it('accepts IANA zone names and rejects anything else', () => {
    expect(isValidTimeZone('Asia/Kolkata')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone(42)).toBe(false);
  });
});

describe('startOfBusinessDate', () => {
  it.each([
    ['2025-03-02', IST, '2025-03-01T18:30:00.000Z'],
    ['2025-03-02', 'UTC', '2025-03-02T00:00:00.000Z'],
    ['2025-07-04', 'America/New_York', '2025-07-04T04:00:00.000Z'],
    ['2025-01-01', 'Pacific/Kiritimati', '2024-12-31T10:00:00.000Z'],
    // Chile moved its clocks from 00:00 to 01:00 on that day: the day starts at 01:00 (-03).
    ['2024-09-08', 'America/Santiago', '2024-09-08T04:00:00.000Z'],
  ])('starts %s in %s at %s', (date, zone, expected) => {
    expect(startOfBusinessDate(date, zone).toISOString()).toBe(expected);
  });

  it('uses Asia/Kolkata when no time zone is given', () => {
    expect(startOfBusinessDate('2025-03-02').toISOString()).toBe('2025-03-01T18:30:00.000Z');
  });

  it('rejects an invalid date or time zone with a RangeError', () => {
    expect(() => startOfBusinessDate('2025-02-30', IST)).toThrow(RangeError);
    expect(() => startOfBusinessDate('2025-03-02', 'Mars/Olympus')).toThrow(RangeError);
  });

  it('is the first second of the date: it is on the date and the second before is not', () => {
    fc.assert(
      fc.property(
        isoDateArb,
        fc.constantFrom(IST, 'UTC', 'America/New_York', 'Europe/London'),
        (date, zone) => {
          const start = startOfBusinessDate(date, zone);
          expect(businessDate(start, zone)).toBe(date);
          expect(businessDate(new Date(start.getTime() - 1000), zone)).toBe(addDays(date, -1));
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('isValidIsoDate', () => {
  it.each(['2025-01-31', '2024-02-29', '2000-02-29', '1999-12-31', '0001-01-01'])(
    'accepts the real date %s',
    (value) => {
      expect(isValidIsoDate(value)).toBe(true);
    },
  );

  it.each([
    '2025-02-29',
    '1900-02-29',
    '2025-04-31',
    '2025-13-01',
    '2025-00-10',
    '2025-01-00',
    '2025-1-5',
    '25-01-05',
    '2025-01-05T00:00:00Z',
    ' 2025-01-05',
    '',
  ])('rejects %j', (value) => {
    expect(isValidIsoDate(value)).toBe(false);
  });

  it('rejects values that are not text', () => {
    expect(isValidIsoDate(undefined)).toBe(false);
    expect(isValidIsoDate(new Date())).toBe(false);
    expect(isValidIsoDate(20250105)).toBe(false);
  });

  it('accepts every date that a Date prints', () => {
    fc.assert(
      fc.property(isoDateArb, (date) => {
        expect(isValidIsoDate(date)).toBe(true);
      }),
    );
  });
});

describe('addDays and daysBetween', () => {
  it.each([
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2024-12-31', 1, '2025-01-01'],
    ['2025-01-01', -1, '2024-12-31'],
    ['2025-03-10', 0, '2025-03-10'],
    ['2025-01-01', 365, '2026-01-01'],
    ['2024-01-01', 366, '2025-01-01'],
  ])('moves %s by %i days to %s', (date, n, expected) => {
    expect(addDays(date, n)).toBe(expected);
    expect(daysBetween(date, expected)).toBe(n);
  });

  it('rejects an invalid date or a fractional number of days with a RangeError', () => {
    expect(() => addDays('2025-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('2025-02-01', 1.5)).toThrow(RangeError);
    expect(() => daysBetween('2025-02-01', 'tomorrow')).toThrow(RangeError);
  });

  it('undoes itself and agrees with daysBetween', () => {
    fc.assert(
      fc.property(isoDateArb, fc.integer({ min: -20_000, max: 20_000 }), (date, n) => {
        const moved = addDays(date, n);
        expect(isValidIsoDate(moved)).toBe(true);
        expect(addDays(moved, -n)).toBe(date);
        expect(daysBetween(date, moved)).toBe(n);
      }),
    );
  });

  it('keeps calendar order: a later text date is a positive number of days away', () => {
    fc.assert(
      fc.property(isoDateArb, isoDateArb, (a, b) => {
        expect(Math.sign(daysBetween(a, b))).toBe(a < b ? 1 : a > b ? -1 : 0);
      }),
    );
  });
});

describe('planStatus', () => {
  const plan = { activeDate: '2025-03-01', deactiveDate: '2025-03-31' };

  it.each([
    ['2025-02-27', { state: 'not_active_yet', startsInDays: 2 }],
    ['2025-02-28', { state: 'not_active_yet', startsInDays: 1 }],
    ['2025-03-01', { state: 'active', daysLeft: 31 }],
    ['2025-03-15', { state: 'active', daysLeft: 17 }],
    ['2025-03-30', { state: 'active', daysLeft: 2 }],
    ['2025-03-31', { state: 'active', daysLeft: 1 }],
    ['2025-04-01', { state: 'expired' }],
    ['2026-01-01', { state: 'expired' }],
  ])('on %s a plan from 1 to 31 March is %j', (today, expected) => {
    expect(planStatus(plan, today)).toEqual(expected);
  });

  it('gives a one-day plan one day left on its only day', () => {
    expect(
      planStatus({ activeDate: '2025-03-01', deactiveDate: '2025-03-01' }, '2025-03-01'),
    ).toEqual({ state: 'active', daysLeft: 1 });
  });

  it('expires a plan ending on 1 March at midnight IST, not at midnight UTC', () => {
    const oneDay = { activeDate: '2025-02-01', deactiveDate: '2025-03-01' };
    const lastMinute = businessDate(new Date('2025-03-01T18:29:00Z'), IST); // 23:59 IST
    const nextMinute = businessDate(new Date('2025-03-01T18:31:00Z'), IST); // 00:01 IST
    expect(planStatus(oneDay, lastMinute)).toEqual({ state: 'active', daysLeft: 1 });
    expect(planStatus(oneDay, nextMinute)).toEqual({ state: 'expired' });
  });

  it('starts a plan at midnight IST, while it is still the day before in UTC', () => {
    const starting = { activeDate: '2025-03-02', deactiveDate: '2025-03-31' };
    const instant = new Date('2025-03-01T18:30:00Z'); // 00:00 IST on 2 March
    expect(planStatus(starting, businessDate(instant, 'UTC')).state).toBe('not_active_yet');
    expect(planStatus(starting, businessDate(instant, IST))).toEqual({
      state: 'active',
      daysLeft: 30,
    });
  });

  it('rejects invalid dates and a plan that ends before it starts with a RangeError', () => {
    expect(() => planStatus({ ...plan, activeDate: '2025-02-30' }, '2025-03-01')).toThrow(
      RangeError,
    );
    expect(() => planStatus(plan, 'today')).toThrow(RangeError);
    expect(() =>
      planStatus({ activeDate: '2025-03-02', deactiveDate: '2025-03-01' }, '2025-03-01'),
    ).toThrow(RangeError);
  });

  it('is active exactly on the inclusive range, with days left counting today', () => {
    fc.assert(
      fc.property(
        isoDateArb,
        fc.integer({ min: 0, max: 400 }),
        isoDateArb,
        (start, length, today) => {
          const end = addDays(start, length);
          const status = planStatus({ activeDate: start, deactiveDate: end }, today);
          if (today < start) {
            expect(status).toEqual({
              state: 'not_active_yet',
              startsInDays: daysBetween(today, start),
            });
          } else if (today > end) {
            expect(status).toEqual({ state: 'expired' });
          } else {
            expect(status).toEqual({ state: 'active', daysLeft: daysBetween(today, end) + 1 });
            if (status.state === 'active') {
              expect(status.daysLeft).toBeGreaterThanOrEqual(1);
              expect(status.daysLeft).toBeLessThanOrEqual(length + 1);
            }
          }
        },
      ),
    );
  });
});

describe('formatDisplayDate and parseDayMonthYear', () => {
  it('shows a date as day, short month and year', () => {
    expect(formatDisplayDate('2026-11-22')).toBe('22 Nov 2026');
    expect(formatDisplayDate('2026-09-02')).toBe('2 Sep 2026');
  });

  it('reads back every date it is given day first, whatever the separator', () => {
    fc.assert(
      fc.property(isoDateArb, fc.constantFrom('-', '/', '.'), (date, separator) => {
        const [year, month, day] = date.split('-');
        expect(parseDayMonthYear([day, month, year].join(separator))).toBe(date);
        expect(parseDayMonthYear([Number(day), Number(month), year].join(separator))).toBe(date);
      }),
    );
  });

  it('answers null for text that is not a real day-month-year date', () => {
    for (const text of ['31-02-2026', '2026-11-22', '22-11-26', '', 'tomorrow', '32-01-2026']) {
      expect(parseDayMonthYear(text)).toBeNull();
    }
  });

  it('refuses to show an invalid date', () => {
    expect(() => formatDisplayDate('2026-02-30')).toThrow(RangeError);
  });
});

describe('formatDisplayDateTime', () => {
  it('writes an instant in the given time zone, date first, with a 12-hour time', () => {
    const instant = new Date('2026-11-22T20:15:40.429Z');
    expect(formatDisplayDateTime(instant)).toBe('23 Nov 2026, 1:45 am');
    expect(formatDisplayDateTime(instant, 'Asia/Dubai')).toBe('23 Nov 2026, 12:15 am');
    expect(formatDisplayDateTime(new Date('2026-09-02T09:11:00Z'))).toBe('2 Sep 2026, 2:41 pm');
  });
});
