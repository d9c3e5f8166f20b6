import { onBranchEvent } from '../../../lib/live-events';

/** Everything read of tables: the list, each table's order, the products to order from. */
export const tablesQueryKey = ['tables'] as const;

export const tableKeys = {
  list: [...tablesQueryKey, 'list'] as const,
  /** The same key the payment modal (billing) reads the order by. */
  order: (tableId: string) => [...tablesQueryKey, tableId, 'order'] as const,
  menu: [...tablesQueryKey, 'menu'] as const,
};

// Another device changed a table or billed it: its card and its order are stale.
onBranchEvent('table.changed', (event) => [tableKeys.list, tableKeys.order(event.tableId)]);
onBranchEvent('bill.paid', (event) => [tableKeys.list, tableKeys.order(event.tableId)]);
// Something of the menu changed (a product, sold out, back on sale, the order, quick notes).
onBranchEvent('menu.changed', () => [tableKeys.menu]);
