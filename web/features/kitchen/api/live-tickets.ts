import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { KotTicket } from '../../../../shared/schemas/kitchen.schemas';
import { ALL_STATIONS } from '../device-choices';
import type { TicketsRead } from './get-tickets';

/**
 * The display keeps up from what the server says changed, without reading its tickets again:
 * a kitchen.changed carries the tickets of the KOT sent or of the ticket changed (the display's
 * stream only: docs/kitchen.md, "Live"), and a bump or an item's state answers the ticket.
 */

/**
 * `read` (one station's tickets, or every station's) with `tickets` as the server has them now:
 * an open one takes its place (replaced, or added in the order sent), a bumped one leaves the
 * list and is the last bumped when it is the latest. A ticket of another station is not this
 * read's. Answers `read` itself when nothing of it changed, and null when the result cannot be
 * known here: a ticket back on the display was the last bumped (which one is now, only the
 * server knows).
 */
export function mergeTickets(
  read: TicketsRead,
  station: string,
  tickets: readonly KotTicket[],
): TicketsRead | null {
  const mine = tickets.filter((ticket) => station === ALL_STATIONS || ticket.stationId === station);
  if (mine.length === 0) return read;
  let open = read.tickets;
  let lastBumped = read.lastBumped;
  for (const ticket of mine) {
    open = open.filter((shown) => shown.id !== ticket.id);
    if (ticket.bumpedAt === null) {
      if (lastBumped?.id === ticket.id) return null;
      const after = open.findIndex((shown) => shown.sentAt > ticket.sentAt);
      open =
        after === -1 ? [...open, ticket] : [...open.slice(0, after), ticket, ...open.slice(after)];
    } else if (
      !lastBumped ||
      lastBumped.id === ticket.id ||
      ticket.bumpedAt >= (lastBumped.bumpedAt ?? '')
    ) {
      lastBumped = ticket;
    }
  }
  return { ...read, tickets: open, lastBumped };
}

/**
 * Merges `tickets` into every display read under `queryKey` (each station's). Answers false when
 * a read must be fetched instead: the merge cannot tell (above), or a fetch is under way, whose
 * answer may have been read before this change and would put back what it changed.
 */
export function applyTickets(
  queryClient: QueryClient,
  queryKey: QueryKey,
  tickets: readonly KotTicket[],
): boolean {
  if (queryClient.isFetching({ queryKey }) > 0) return false;
  let complete = true;
  for (const [key, read] of queryClient.getQueriesData<TicketsRead>({ queryKey })) {
    if (!read) continue;
    const merged = mergeTickets(read, String(key[2] ?? ALL_STATIONS), tickets);
    if (merged === null) complete = false;
    else if (merged !== read) queryClient.setQueryData(key, merged);
  }
  return complete;
}
