import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KotItemState } from '../../../../shared/kitchen';
import { api } from '../../../lib/api';
import { notifyActionFailure } from '../../../lib/form-feedback';
import { KITCHEN_TEXT } from '../kitchen-text';
import type { KotTicket as KitchenTicket } from '../../../../shared/schemas/kitchen.schemas';
import { kitchenKeys } from './keys';
import type { TicketsRead } from './get-tickets';
import { applyTickets } from './live-tickets';

/** The state an item moves to when the cook taps it: new → preparing → ready (then stays). */
export function nextItemState(state: KotItemState): KotItemState | null {
  if (state === 'new') return 'preparing';
  if (state === 'preparing') return 'ready';
  return null;
}

/** True when every item of the ticket that is not cancelled is ready: the server bumps it. */
export const allReady = (ticket: KitchenTicket) =>
  ticket.items.every((item) => item.cancelled || item.state === 'ready');

/**
 * Every display read (each station's) with `change` applied to the ticket `ticketId`, so a tap
 * shows at once; the answer (and the event that follows) bring the server's truth. A ticket the
 * change bumps leaves the list and becomes the one Recall brings back.
 */
function patchTickets(
  queryClient: ReturnType<typeof useQueryClient>,
  ticketId: string,
  change: (ticket: KitchenTicket) => { ticket: KitchenTicket; bumped: boolean },
) {
  queryClient.setQueriesData<TicketsRead>({ queryKey: kitchenKeys.allTickets }, (read) => {
    if (!read) return read;
    let lastBumped = read.lastBumped;
    const tickets = read.tickets.flatMap((ticket) => {
      if (ticket.id !== ticketId) return [ticket];
      const changed = change(ticket);
      if (!changed.bumped) return [changed.ticket];
      lastBumped = changed.ticket;
      return [];
    });
    return { ...read, tickets, lastBumped };
  });
}

const refetch = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: kitchenKeys.allTickets });

/**
 * Before a change shows at once: a read under way is stopped (its answer would undo the
 * change); answers whether there was one, so it is made again once the change is answered.
 */
async function holdReads(queryClient: ReturnType<typeof useQueryClient>) {
  const reading = queryClient.isFetching({ queryKey: kitchenKeys.allTickets }) > 0;
  await queryClient.cancelQueries({ queryKey: kitchenKeys.allTickets });
  return { reading };
}

/**
 * The server's answer (the ticket as it is now) into what the display shows: one request, no
 * read after it. A read stopped for the change, or a result the answer cannot settle (a recalled
 * ticket was the last bumped), is fetched.
 */
function settle(
  queryClient: ReturnType<typeof useQueryClient>,
  ticket: KitchenTicket,
  held: { reading: boolean } | undefined,
) {
  if (held?.reading || !applyTickets(queryClient, kitchenKeys.allTickets, [ticket])) {
    return refetch(queryClient);
  }
}

/** Moves an item to its next state; a ticket whose items are all ready leaves the display. */
export function useSetItemState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, state }: { ticketId: string; itemId: string; state: KotItemState }) =>
      api<KitchenTicket>(`/kitchen/items/${encodeURIComponent(itemId)}/state`, {
        method: 'POST',
        body: { state },
      }),
    onMutate: async ({ ticketId, itemId, state }) => {
      const held = await holdReads(queryClient);
      patchTickets(queryClient, ticketId, (ticket) => {
        const changed = {
          ...ticket,
          items: ticket.items.map((item) => (item.id === itemId ? { ...item, state } : item)),
        };
        return { ticket: changed, bumped: allReady(changed) };
      });
      return held;
    },
    onSuccess: (ticket, _change, held) => settle(queryClient, ticket, held),
    onError: (error) => {
      notifyActionFailure(error, KITCHEN_TEXT.itemNotChanged);
      return refetch(queryClient);
    },
  });
}

/** Bumps a whole ticket off the display (its items ready): one request, nothing read after it. */
export function useBumpTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticketId: string) =>
      api<KitchenTicket>(`/kitchen/tickets/${encodeURIComponent(ticketId)}/bump`, {
        method: 'POST',
      }),
    onMutate: async (ticketId) => {
      const held = await holdReads(queryClient);
      patchTickets(queryClient, ticketId, (ticket) => ({ ticket, bumped: true }));
      return held;
    },
    onSuccess: (ticket, _ticketId, held) => settle(queryClient, ticket, held),
    onError: (error) => {
      notifyActionFailure(error, KITCHEN_TEXT.notBumped);
      return refetch(queryClient);
    },
  });
}

/**
 * Brings the last bumped ticket back (its items preparing). Which ticket is the last bumped
 * after it is the server's to say: the display reads its tickets again.
 */
export function useRecallTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticketId: string) =>
      api<KitchenTicket>(`/kitchen/tickets/${encodeURIComponent(ticketId)}/recall`, {
        method: 'POST',
      }),
    onSuccess: (ticket) => settle(queryClient, ticket, undefined),
    onError: (error) => {
      notifyActionFailure(error, KITCHEN_TEXT.notRecalled);
      return refetch(queryClient);
    },
  });
}
