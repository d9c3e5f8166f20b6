import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Session } from '../../../../shared/schemas/auth.schemas';
import { api } from '../../../lib/api';
import { notifySuccess } from '../../../lib/form-feedback';
import { sessionQueryKey } from '../../../lib/session';

export const FIXED_DISPLAY_TEXT = {
  mark: 'Use this device as a fixed display',
  unmark: 'Stop using this device as a fixed display',
  marked:
    'This device is a fixed display: it stays signed in without a touch, until you sign it out.',
  unmarked: 'This device signs itself out again after 30 minutes without a touch.',
  failed: 'The device was not changed',
  approvalTitle: 'Use this device as a fixed display',
  approvalIntro:
    'A fixed display stays signed in without a touch (a wall tablet, a counter screen). A manager approves it with their PIN.',
  approve: 'Approve',
} as const;

/** The device's change: on, or off; staff marking it on send a manager's approval. */
export type FixedDisplayChange = {
  fixedDisplay: boolean;
  managerId?: string;
  pin?: string;
};

/**
 * Marks (or unmarks) the device in hand as a fixed display: its session never ends for idleness
 * (docs/kitchen.md, "A display stays signed in"). A manager marks their own; staff send a
 * manager's PIN.
 */
export function useSetFixedDisplay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: FixedDisplayChange) =>
      api<Session>('/auth/session/display', { method: 'PUT', body: change }),
    onSuccess: (session) => {
      queryClient.setQueryData(sessionQueryKey, session);
      notifySuccess(session.fixedDisplay ? FIXED_DISPLAY_TEXT.marked : FIXED_DISPLAY_TEXT.unmarked);
    },
  });
}
