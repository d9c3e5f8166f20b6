import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { uuidv7 } from '../../../lib/uuid-v7';
import type {
  KitchenFloor,
  KitchenSettings,
  Kot,
  SendKotAnswer,
  TableKots,
} from '../../../../shared/schemas/kitchen.schemas';
import { api } from '../../../lib/api';
import { tableKeys } from './keys';
import { tableOrderSaved } from './order-sync';

/** The current order's KOTs, oldest first, with their items' kitchen states. */
export const tableKotsQueryOptions = (tableId: string) =>
  queryOptions({
    queryKey: tableKeys.kots(tableId),
    queryFn: ({ signal }) =>
      api<TableKots>(`/tables/${encodeURIComponent(tableId)}/kots`, { signal }),
  });

export const useTableKots = (tableId: string) => useQuery(tableKotsQueryOptions(tableId));

/** Per table with an open order: its items cooking and ready (Tables / Billing's cards). */
export function useKitchenFloor() {
  return useQuery({
    queryKey: tableKeys.floor,
    queryFn: ({ signal }) => api<KitchenFloor>('/kitchen/floor', { signal }),
    select: (floor) => new Map(floor.tables.map((table) => [table.tableId, table])),
  });
}

/** The branch's kitchen settings (the order screen reads `autoSendOnLeave`). */
export function useKitchenSettingsForOrders() {
  return useQuery({
    queryKey: tableKeys.kitchenSettings,
    queryFn: ({ signal }) => api<KitchenSettings>('/kitchen/settings', { signal }),
    staleTime: 60_000,
  });
}

/**
 * Sends the kitchen what the table's order has not sent yet: first every tap on its way (so
 * the send includes them), then one request with an op id made here, so a retried send answers
 * the KOT it made. Afterwards the order (its sent quantities) and the KOTs are read again.
 */
export async function sendToKitchen(
  queryClient: QueryClient,
  tableId: string,
  auto = false,
): Promise<Kot | null> {
  await tableOrderSaved(tableId);
  const answer = await api<SendKotAnswer>(`/tables/${encodeURIComponent(tableId)}/kots`, {
    method: 'POST',
    body: { opId: uuidv7(), auto },
  });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: tableKeys.order(tableId) }),
    queryClient.invalidateQueries({ queryKey: tableKeys.kots(tableId) }),
    queryClient.invalidateQueries({ queryKey: tableKeys.floor }),
  ]);
  return answer.kot;
}

export function useSendToKitchen(tableId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => sendToKitchen(queryClient, tableId) });
}

/** Counts a reprint and answers the KOT to print, marked REPRINT (nothing is sent again). */
export function useReprintKot(tableId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kotId: string) =>
      api<Kot>(`/kots/${encodeURIComponent(kotId)}/reprint`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tableKeys.kots(tableId) }),
  });
}
