import type { TableOrder } from '../../../../shared/schemas/tables.schemas';
import { onBranchEvent } from '../../../lib/live-events';
import { tellSenderReady } from './kitchen-ready';

/** Everything read of tables: the list, each table's order, the products to order from. */
export const tablesQueryKey = ['tables'] as const;

export const tableKeys = {
  list: [...tablesQueryKey, 'list'] as const,
  /** The same key the payment modal (billing) reads the order by. */
  order: (tableId: string) => [...tablesQueryKey, tableId, 'order'] as const,
  menu: [...tablesQueryKey, 'menu'] as const,
  /** The current order's KOTs with their items' kitchen states. */
  kots: (tableId: string) => [...tablesQueryKey, tableId, 'kots'] as const,
  /** Per table, its items cooking and ready (the cards). */
  floor: [...tablesQueryKey, 'floor'] as const,
  /** The branch's kitchen settings as the order screen reads them (auto send). */
  kitchenSettings: [...tablesQueryKey, 'kitchen-settings'] as const,
};

// Another device changed a table or billed it: its card and its order are stale. A tap whose
// version this device shows already (its own, answered) leaves the order as it is.
onBranchEvent('table.changed', (event, queryClient) => {
  const shown = queryClient.getQueryData<TableOrder>(tableKeys.order(event.tableId));
  const current =
    event.version !== undefined && shown !== undefined && shown.version >= event.version;
  return current ? [tableKeys.list] : [tableKeys.list, tableKeys.order(event.tableId)];
});
onBranchEvent('bill.paid', (event) => [tableKeys.list, tableKeys.order(event.tableId)]);
// Something of the menu changed (a product, sold out, back on sale, the order, quick notes).
onBranchEvent('menu.changed', () => [tableKeys.menu]);
// The kitchen sent, started, readied, bumped or recalled something of these tables; a payment
// closes a table's KOTs. Its sender is told when it is ready.
onBranchEvent('kitchen.changed', (event) => [
  tableKeys.floor,
  ...event.tableIds.map((tableId) => tableKeys.kots(tableId)),
]);
onBranchEvent('kitchen.ready', (event, queryClient) => {
  tellSenderReady(event, queryClient);
  return [tableKeys.floor, tableKeys.kots(event.tableId)];
});
onBranchEvent('bill.paid', (event) => [tableKeys.floor, tableKeys.kots(event.tableId)]);
