import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  KitchenSettings,
  KitchenSettingsBody,
  RoutesBody,
  Station,
  StationBody,
  StationsAnswer,
} from '../../../../shared/schemas/kitchen.schemas';
import { api } from '../../../lib/api';
import { kitchenKeys } from './keys';

/** The kitchen's set-up (manager): stations, routes, subcategories; the settings. */

const stationsQuery = queryOptions({
  queryKey: kitchenKeys.stations,
  queryFn: ({ signal }) => api<StationsAnswer>('/kitchen/stations', { signal }),
});

const settingsQuery = queryOptions({
  queryKey: kitchenKeys.settings,
  queryFn: ({ signal }) => api<KitchenSettings>('/kitchen/settings', { signal }),
});

export const useStations = () => useQuery(stationsQuery);
export const useKitchenSettings = () => useQuery(settingsQuery);

/** After a station changed: the list, and the display's filter and tickets. */
function useStationsChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: kitchenKeys.stations }),
      queryClient.invalidateQueries({ queryKey: kitchenKeys.allTickets }),
    ]);
}

export function useAddStation() {
  const changed = useStationsChanged();
  return useMutation({
    mutationFn: (body: StationBody) => api<Station>('/kitchen/stations', { body }),
    onSuccess: changed,
  });
}

/** Renames or moves a station (several at once: a move renumbers the list). */
export function useSaveStations() {
  const changed = useStationsChanged();
  return useMutation({
    mutationFn: async (changes: readonly { id: string; body: StationBody }[]) => {
      for (const { id, body } of changes) {
        await api<Station>(`/kitchen/stations/${encodeURIComponent(id)}`, { method: 'PUT', body });
      }
    },
    onSettled: changed,
  });
}

export function useArchiveStation() {
  const changed = useStationsChanged();
  return useMutation({
    mutationFn: (id: string) =>
      api<unknown>(`/kitchen/stations/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: changed,
  });
}

export function useSaveRoutes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RoutesBody) =>
      api<StationsAnswer>('/kitchen/routes', { method: 'PUT', body }),
    onSuccess: (answer) => queryClient.setQueryData(kitchenKeys.stations, answer),
  });
}

export function useSaveKitchenSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: KitchenSettingsBody) =>
      api<KitchenSettings>('/kitchen/settings', { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(kitchenKeys.settings, saved);
      // The display's colours come with its tickets.
      return queryClient.invalidateQueries({ queryKey: kitchenKeys.allTickets });
    },
  });
}
