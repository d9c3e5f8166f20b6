import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MenuOrderBody,
  MenuSettings,
  MenuSettingsBody,
  SoldOutBody,
} from '../../../../shared/schemas/menu.schemas';
import type { Menu } from '../../../../shared/schemas/products.schemas';
import { api } from '../../../lib/api';
import { productsQueryKey } from './keys';

/** The menu as the order screen reads it: subcategories and products in the branch's order. */
export const menuQueryOptions = () =>
  queryOptions({
    queryKey: [...productsQueryKey, 'menu'],
    queryFn: ({ signal }) => api<Menu>('/products/menu', { signal }),
  });

export function useMenu() {
  return useQuery(menuQueryOptions());
}

export const menuSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [...productsQueryKey, 'menu-settings'],
    queryFn: ({ signal }) => api<MenuSettings>('/menu/settings', { signal }),
  });

/** The branch's quick notes and when sold-out items come back. */
export function useMenuSettings() {
  return useQuery(menuSettingsQueryOptions());
}

function useMenuMutation<T, R>(mutationFn: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}

export const saveMenuSettings = (body: MenuSettingsBody) =>
  api<MenuSettings>('/menu/settings', { method: 'PUT', body });
export const useSaveMenuSettings = () => useMenuMutation(saveMenuSettings);

export const saveMenuOrder = (body: MenuOrderBody) =>
  api<unknown>('/menu/order', { method: 'PUT', body });
export const useSaveMenuOrder = () => useMenuMutation(saveMenuOrder);

/** Marks a product, or one variant of it, sold out or back on sale. */
export const setSoldOut = ({ productId, body }: { productId: string; body: SoldOutBody }) =>
  api<unknown>(`/products/${encodeURIComponent(productId)}/sold-out`, { method: 'PUT', body });
export const useSetSoldOut = () => useMenuMutation(setSoldOut);
