import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '../../shared/schemas/auth.schemas';
import { ApiError, api } from './api';
import { setLoginNotice } from './login-notice';

export const sessionQueryKey = ['auth', 'session'] as const;

/** The signed-in user, or null when nobody is. A plan refusal (403) also means nobody. */
export async function fetchSession(): Promise<Session | null> {
  try {
    return await api<Session | null>('/auth/session');
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      setLoginNotice(error.message);
      return null;
    }
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: fetchSession,
  staleTime: 60_000,
  retry: false,
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}
