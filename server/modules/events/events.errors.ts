import { AppError } from '../../lib/errors';

/** The events module's messages, each written once. */
export const EVENT_MESSAGES = {
  notEventStream: 'This address sends live events: ask for text/event-stream',
  tooManyForSession:
    'Too many live-update streams are open for this sign-in. Close a tab or window and try again.',
  tooManyForBranch:
    'Too many live-update streams are open for this branch. Please try again in a minute.',
} as const;

export const notEventStream = () =>
  new AppError(406, 'events.not_event_stream', EVENT_MESSAGES.notEventStream);

/** The session, or its branch, has as many streams open on this process as it may. */
export const tooManyStreams = (per: 'session' | 'branch') =>
  new AppError(
    429,
    'events.too_many_streams',
    per === 'session' ? EVENT_MESSAGES.tooManyForSession : EVENT_MESSAGES.tooManyForBranch,
  );
