import { onBranchEvent } from '../../../lib/live-events';
import { applyTickets } from './live-tickets';

/** Everything the kitchen display and its settings read. */
export const kitchenQueryKey = ['kitchen'] as const;

export const kitchenKeys = {
  /** The display's open tickets of one station, or of every station ('all'). */
  tickets: (station: string) => [...kitchenQueryKey, 'tickets', station] as const,
  allTickets: [...kitchenQueryKey, 'tickets'] as const,
  stations: [...kitchenQueryKey, 'stations'] as const,
  settings: [...kitchenQueryKey, 'settings'] as const,
};

// A send, a void, a state change, a bump, a recall, a move or a merge: the tickets changed. The
// display's stream carries the tickets of a send, a void or a ticket's change: merged into what
// it shows, no request. Without them (a move, a merge, an older server) it refetches.
onBranchEvent('kitchen.changed', (event, queryClient) =>
  event.tickets && applyTickets(queryClient, kitchenKeys.allTickets, event.tickets)
    ? []
    : [kitchenKeys.allTickets],
);
