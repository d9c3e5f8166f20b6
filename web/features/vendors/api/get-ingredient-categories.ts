import { useQuery } from '@tanstack/react-query';
import type { Categories } from '../../../../shared/schemas/inventory.schemas';
import { api } from '../../../lib/api';
import { fresh, vendorKeys } from './keys';

export const fetchIngredientCategories = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<Categories>('/inventory/categories', { signal });

/** The branch's ingredient categories, for the vendor form's category choice. */
export function useIngredientCategories() {
  return useQuery({
    queryKey: vendorKeys.categories(),
    queryFn: fetchIngredientCategories,
    ...fresh,
  });
}
