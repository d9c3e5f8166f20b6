import type { QueryClient } from '@tanstack/react-query';
import { inventoryQueryKey } from './get-inventory';
import { stockOptionsQueryKey } from './get-stock-options';

/** Items, quantities or categories changed: the inventory views and the stock form are stale. */
export const invalidateStockViews = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: inventoryQueryKey }),
    queryClient.invalidateQueries({ queryKey: stockOptionsQueryKey }),
  ]);
