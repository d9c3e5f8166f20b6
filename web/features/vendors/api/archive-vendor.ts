import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { vendorKeys } from './keys';

/** Hides the vendor everywhere; its purchases and payments are kept. */
export const archiveVendor = (id: string) =>
  api<{ ok: true }>(`/vendors/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useArchiveVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveVendor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorKeys.all }),
  });
}
