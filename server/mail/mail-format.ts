import { isValidIsoDate, type IsoDate } from '../../shared/dates';

/**
 * How mails write times and dates: as people in India read them, in a named time zone, never
 * as raw ISO text. Mail bodies are plain text with one paragraph per line (mail programs wrap
 * lines themselves), so a sentence is never broken in the middle.
 */

const instantFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant in a time zone: '22 Nov 2026, 8:15 pm IST'. */
export function mailTime(instant: Date, timeZone: string): string {
  let format = instantFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-IN', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZone,
      timeZoneName: 'short',
    });
    instantFormats.set(timeZone, format);
  }
  return format.format(instant);
}

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar date: '2026-11-22' as '22 Nov 2026'. */
export function mailDate(date: IsoDate): string {
  if (!isValidIsoDate(date)) throw new RangeError(`Not a date: ${date}`);
  return dateFormat.format(new Date(`${date}T00:00:00Z`));
}
