import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Session,
  TwoFactorEnabled,
  TwoFactorProof,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../../../../shared/schemas/auth.schemas';
import { api } from '../../../lib/api';
import { sessionQueryKey } from '../../../lib/session';

const statusKey = ['auth', 'two-factor'] as const;

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: statusKey,
    queryFn: () => api<TwoFactorStatus>('/auth/two-factor'),
  });
}

/** A new secret to scan; when two-factor sign-in is on, the password or a code comes with it. */
export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: (proof: Partial<TwoFactorProof>) =>
      api<TwoFactorSetup>('/auth/two-factor/setup', { body: proof }),
  });
}

/** Whatever changed it, the session (twoFactorEnabled) and the status are read anew. */
function useTwoFactorChanged() {
  const queryClient = useQueryClient();
  return (session: Session) => {
    queryClient.setQueryData(sessionQueryKey, session);
    void queryClient.invalidateQueries({ queryKey: statusKey });
  };
}

export function useConfirmTwoFactorSetup() {
  const changed = useTwoFactorChanged();
  return useMutation({
    mutationFn: (code: string) =>
      api<TwoFactorEnabled>('/auth/two-factor/enable', { body: { code } }),
    onSuccess: (result) => changed(result.session),
  });
}

export function useTurnOffTwoFactor() {
  const changed = useTwoFactorChanged();
  return useMutation({
    mutationFn: (proof: TwoFactorProof) =>
      api<Session>('/auth/two-factor/disable', { body: proof }),
    onSuccess: changed,
  });
}
