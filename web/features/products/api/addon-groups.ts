import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddonGroup,
  AddonGroupBody,
  AddonGroupList,
} from '../../../../shared/schemas/menu.schemas';
import { api } from '../../../lib/api';
import { productsQueryKey } from './keys';

export const addonGroupsQueryOptions = () =>
  queryOptions({
    queryKey: [...productsQueryKey, 'addon-groups'],
    queryFn: ({ signal }) => api<AddonGroupList>('/addon-groups', { signal }),
    select: (list) => list.items,
  });

/** The branch's add-on groups (Extras, Spice level) with their options and product counts. */
export function useAddonGroups() {
  return useQuery(addonGroupsQueryOptions());
}

export const createAddonGroup = (body: AddonGroupBody) =>
  api<AddonGroup>('/addon-groups', { method: 'POST', body });

export const updateAddonGroup = ({ id, body }: { id: string; body: AddonGroupBody }) =>
  api<AddonGroup>(`/addon-groups/${encodeURIComponent(id)}`, { method: 'PUT', body });

export const archiveAddonGroup = (id: string) =>
  api<unknown>(`/addon-groups/${encodeURIComponent(id)}`, { method: 'DELETE' });

function useMenuMutation<T, R>(mutationFn: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}

/** Saves a group: a new one without `id`, else the whole group replaces the saved one. */
export const useSaveAddonGroup = () =>
  useMenuMutation(({ id, body }: { id?: string; body: AddonGroupBody }) =>
    id ? updateAddonGroup({ id, body }) : createAddonGroup(body),
  );
export const useArchiveAddonGroup = () => useMenuMutation(archiveAddonGroup);
