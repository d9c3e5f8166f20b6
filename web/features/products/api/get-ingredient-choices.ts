import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InventoryList } from '../../../../shared/schemas/inventory.schemas';
import { api } from '../../../lib/api';
import { productsQueryKey } from './keys';

export const ingredientChoicesQueryOptions = () =>
  queryOptions({
    queryKey: [...productsQueryKey, 'ingredient-choices'],
    queryFn: ({ signal }) => api<InventoryList>('/inventory', { signal }),
    select: (list) => list.items,
  });

/** The branch's inventory, for a recipe's Category and Ingredient choices. */
export function useIngredientChoices() {
  return useQuery(ingredientChoicesQueryOptions());
}
