import { useMutation } from '@tanstack/react-query';
import type { TwoFactorReset } from '../../../../shared/schemas/auth.schemas';
import { api } from '../../../lib/api';

export const resetManagerTwoFactor = (id: string) =>
  api<TwoFactorReset>(`/branches/${encodeURIComponent(id)}/reset-manager-two-factor`, {
    method: 'POST',
    body: {},
  });

/** Nothing the admin's screens show changes: no invalidation. */
export function useResetManagerTwoFactor() {
  return useMutation({ mutationFn: resetManagerTwoFactor });
}
