/**
 * What the kitchen display remembers on its device (a wall tablet shows one station for weeks):
 * the station shown and whether the sound is muted. Kept in localStorage; a browser that
 * refuses storage (private mode) just forgets.
 */

const STATION_KEY = 'tf-kitchen-station';
const MUTED_KEY = 'tf-kitchen-muted';

/** Every station: the filter's first choice. */
export const ALL_STATIONS = 'all';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not kept: the display starts on every station next time.
  }
}

/** The station this device shows (a station id, or ALL_STATIONS). */
export const storedStation = (): string => read(STATION_KEY) ?? ALL_STATIONS;
export const storeStation = (station: string) => write(STATION_KEY, station);

export const storedMuted = (): boolean => read(MUTED_KEY) === '1';
export const storeMuted = (muted: boolean) => write(MUTED_KEY, muted ? '1' : '0');

/**
 * The ids of tickets in `tickets` that `seen` did not hold: the ones that arrived since the
 * last answer (the display beeps for them). The first answer (`seen` null) is not news.
 */
export function arrivedTickets(
  seen: ReadonlySet<string> | null,
  tickets: readonly { id: string }[],
): string[] {
  if (seen === null) return [];
  return tickets.filter((ticket) => !seen.has(ticket.id)).map((ticket) => ticket.id);
}
