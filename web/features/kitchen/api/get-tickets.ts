import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ALL_STATIONS } from '../device-choices';
import type { TicketsAnswer as KitchenTickets } from '../../../../shared/schemas/kitchen.schemas';
import { kitchenKeys } from './keys';

/**
 * How often the display reads its tickets without an event: a catch-up should an event be lost,
 * and the request that keeps the wall tablet's session alive (sessions end after 30 minutes
 * without one).
 */
export const TICKETS_REFETCH_MS = 30_000;

/** The answer and the device's clock when it arrived (ages count from the server's clock). */
export type TicketsRead = KitchenTickets & { receivedAt: number };

export const ticketsQueryOptions = (station: string) =>
  queryOptions({
    queryKey: kitchenKeys.tickets(station),
    queryFn: async ({ signal }): Promise<TicketsRead> => {
      const query = station === ALL_STATIONS ? '' : `?station=${encodeURIComponent(station)}`;
      const answer = await api<KitchenTickets>(`/kitchen/tickets${query}`, { signal });
      return { ...answer, receivedAt: Date.now() };
    },
    refetchInterval: TICKETS_REFETCH_MS,
    // A wall tablet's page may count as hidden (screen dimmed): it still keeps up.
    refetchIntervalInBackground: true,
    retry: 1,
  });

/** The open tickets of a station (or all), oldest first, the last bumped one, the timings. */
export function useTickets(station: string) {
  return useQuery(ticketsQueryOptions(station));
}
