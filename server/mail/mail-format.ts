import { formatDisplayDateTime } from '../../shared/dates';

/**
 * How mails write times: as people in India read them, with the zone named, never as raw ISO
 * text (dates alone: `formatDisplayDate` of shared/dates.ts). Mail bodies are plain text with
 * one paragraph per line (mail programs wrap lines themselves), so no sentence breaks mid-line.
 */

const zoneNames = new Map<string, Intl.DateTimeFormat>();

/** The zone's short name at that instant: 'IST', 'GMT', 'GMT+4'. */
function zoneName(instant: Date, timeZone: string): string {
  let format = zoneNames.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-IN', { timeZone, timeZoneName: 'short' });
    zoneNames.set(timeZone, format);
  }
  return format.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** An instant in a time zone: '22 Nov 2026, 8:15 pm IST'. */
export function mailTime(instant: Date, timeZone: string): string {
  return `${formatDisplayDateTime(instant, timeZone)} ${zoneName(instant, timeZone)}`;
}
