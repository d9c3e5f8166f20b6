import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { staffQueryKey } from './get-staff';

export const resetStaffPassword = ({ id, newPassword }: { id: string; newPassword: string }) =>
  api<{ ok: true }>(`/staff/${encodeURIComponent(id)}/reset-password`, {
    method: 'POST',
    body: { newPassword },
  });

/** A temporary password: the member's "must change password" mark in the list changes. */
export function useResetStaffPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetStaffPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
