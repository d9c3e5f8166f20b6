import { onBranchEvent } from '../../../lib/live-events';

/** Everything the kitchen display and its settings read. */
export const kitchenQueryKey = ['kitchen'] as const;

export const kitchenKeys = {
  /** The display's open tickets of one station, or of every station ('all'). */
  tickets: (station: string) => [...kitchenQueryKey, 'tickets', station] as const,
  allTickets: [...kitchenQueryKey, 'tickets'] as const,
  stations: [...kitchenQueryKey, 'stations'] as const,
  settings: [...kitchenQueryKey, 'settings'] as const,
};

// A send, a void, a state change, a bump, a recall, a move or a merge: the tickets changed.
onBranchEvent('kitchen.changed', () => [kitchenKeys.allTickets]);
