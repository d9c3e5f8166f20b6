import { useQueries } from '@tanstack/react-query';
import type { InventoryList } from '../../../../shared/schemas/inventory.schemas';
import { api } from '../../../lib/api';
import { fresh, vendorKeys } from './keys';

export const fetchCategoryIngredients = (category: string, signal?: AbortSignal) =>
  api<InventoryList>(`/inventory?${new URLSearchParams({ category })}`, { signal });

/** The ingredients of each chosen category (one request per category), in `categories` order. */
export function useCategoryIngredients(categories: readonly string[]) {
  return useQueries({
    queries: categories.map((category) => ({
      queryKey: vendorKeys.categoryItems(category),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchCategoryIngredients(category, signal),
      ...fresh,
    })),
  });
}
