import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { Session } from '../../../../shared/schemas/auth.schemas';
import { api } from '../../../lib/api';
import { sessionQueryKey } from '../../../lib/session';

export const FIXED_DISPLAY_TEXT = {
  mark: 'Use this device as a fixed display',
  unmark: 'Stop using this device as a fixed display',
  marked:
    'This device is a fixed display: it stays signed in without a touch, until you sign it out.',
  unmarked: 'This device signs itself out again after 30 minutes without a touch.',
  failed: 'The device was not changed',
} as const;

/**
 * A manager marks (or unmarks) the device in hand as a fixed display: its session never ends for
 * idleness (docs/kitchen.md, "A display stays signed in").
 */
export function useSetFixedDisplay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fixedDisplay: boolean) =>
      api<Session>('/auth/session/display', { method: 'PUT', body: { fixedDisplay } }),
    onSuccess: (session) => {
      queryClient.setQueryData(sessionQueryKey, session);
      notifications.show({
        color: 'green',
        message: session.fixedDisplay ? FIXED_DISPLAY_TEXT.marked : FIXED_DISPLAY_TEXT.unmarked,
      });
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: FIXED_DISPLAY_TEXT.failed,
        message: error.message,
      }),
  });
}
