import type { QueryClient } from '@tanstack/react-query';
import type { Session } from '../../../../shared/schemas/auth.schemas';
import type { BranchEvent } from '../../../../shared/schemas/events.schemas';
import { notify } from '../../../lib/form-feedback';
import { sessionQueryKey } from '../../../lib/session';
import { KOT_TEXT } from '../kot-text';

type ReadyEvent = Extract<BranchEvent, { type: 'kitchen.ready' }>;

/**
 * The kitchen made something of a KOT ready: the user who sent it is told on their device, with
 * the table and the station, so they can fetch it (a toast of its own id: the same ready news
 * twice shows once).
 */
export function tellSenderReady(event: ReadyEvent, queryClient: QueryClient) {
  const me = queryClient.getQueryData<Session | null>(sessionQueryKey)?.user.id;
  if (!me || event.sentBy !== me) return;
  notify({
    id: `kitchen-ready-${event.tableId}-${event.kotNumber}-${event.stationName}`,
    tone: 'green',
    title: KOT_TEXT.readyTitle(event.tableLabel),
    message: KOT_TEXT.readyMessage(event.kotNumber, event.stationName),
    autoCloseMs: 12_000,
  });
}
