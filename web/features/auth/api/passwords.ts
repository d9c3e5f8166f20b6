import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePasswordBody,
  ResetPasswordBody,
  Session,
} from '../../../../shared/schemas/auth.schemas';
import { api } from '../../../lib/api';
import { sessionQueryKey } from '../../../lib/session';

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api<Session>('/auth/change-password', { body }),
    onSuccess: (session) => queryClient.setQueryData(sessionQueryKey, session),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      api<{ message: string }>('/auth/forgot-password', { body: { email } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => api<{ ok: true }>('/auth/reset-password', { body }),
  });
}

/** Whether a mailed reset link can still be used (asked once when the page opens). */
export function useResetLinkState(token: string, enabled: boolean) {
  return useQuery({
    queryKey: ['auth', 'reset-link', token],
    queryFn: () => api<{ usable: boolean }>('/auth/reset-link', { body: { token } }),
    enabled,
    retry: false,
    staleTime: Infinity,
  });
}
