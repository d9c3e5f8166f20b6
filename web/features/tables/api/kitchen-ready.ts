import type { QueryClient } from '@tanstack/react-query';
import type { Session } from '../../../../shared/schemas/auth.schemas';
import type { BranchEvent } from '../../../../shared/schemas/events.schemas';
import { sessionQueryKey } from '../../../lib/session';
import { KOT_TEXT } from '../kot-text';

type ReadyEvent = Extract<BranchEvent, { type: 'kitchen.ready' }>;

/**
 * The kitchen made something of a KOT ready: the user who sent it is told on their device, with
 * the table and the station, so they can fetch it. The toast's library is loaded then, not with
 * the screen (issue 32); lib/form-feedback.ts has no title, id or duration to say it with yet.
 */
export function tellSenderReady(event: ReadyEvent, queryClient: QueryClient) {
  const me = queryClient.getQueryData<Session | null>(sessionQueryKey)?.user.id;
  if (!me || event.sentBy !== me) return;
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({
      id: `kitchen-ready-${event.tableId}-${event.kotNumber}-${event.stationName}`,
      color: 'green',
      title: KOT_TEXT.readyTitle(event.tableLabel),
      message: KOT_TEXT.readyMessage(event.kotNumber, event.stationName),
      autoClose: 12_000,
    }),
  );
}
