/**
 * How mails write times: as people in India read them, in a named time zone, never as raw ISO
 * text (dates: `formatDisplayDate` of shared/dates.ts). Mail bodies are plain text with one
 * paragraph per line (mail programs wrap lines themselves), so no sentence breaks mid-line.
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
