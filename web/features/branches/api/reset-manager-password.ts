import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const resetManagerPassword = ({ id, newPassword }: { id: string; newPassword: string }) =>
  api<{ ok: true }>(`/branches/${encodeURIComponent(id)}/reset-manager-password`, {
    method: 'POST',
    body: { newPassword },
  });

/** Nothing the admin's screens show changes (the password is never shown): no invalidation. */
export function useResetManagerPassword() {
  return useMutation({ mutationFn: resetManagerPassword });
}
