import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, Session } from '../../../../shared/schemas/auth.schemas';
import { api } from '../../../lib/api';
import { sessionQueryKey } from '../../../lib/session';

export const login = (body: LoginBody) => api<Session>('/auth/login', { body });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => {
      // A new user: nothing cached for the previous one may show.
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, session);
    },
  });
}
