import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginAnswer, LoginBody, Session } from '../../../../shared/schemas/auth.schemas';
import { api } from '../../../lib/api';
import { sessionQueryKey } from '../../../lib/session';

export const login = (body: LoginBody) => api<LoginAnswer>('/auth/login', { body });

/** A signed-in user now: nothing cached for the previous one may show. */
function useSignedIn() {
  const queryClient = useQueryClient();
  return (session: Session) => {
    queryClient.clear();
    queryClient.setQueryData(sessionQueryKey, session);
  };
}

/** The password step: a session, or `{ twoFactorRequired }` when a code must follow. */
export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if (!('twoFactorRequired' in answer)) signedIn(answer);
    },
  });
}

/** The second step: a code of the authenticator app or a recovery code. */
export function useTwoFactorLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: { code: string } | { recoveryCode: string }) =>
      api<Session>('/auth/login/two-factor', { body }),
    onSuccess: signedIn,
  });
}
