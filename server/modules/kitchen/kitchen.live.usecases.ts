// The kitchen display's tickets in its live events (docs/kitchen.md, "Live"): what a
// kitchen.changed names, read once per server process for all its displays' streams.
import type { KotTicket } from '../../../shared/schemas/kitchen.schemas';
import type { DbOrTx } from '../../db/client';
import type { TicketRef } from '../../lib/events-tickets';
import { displayTicketOf, itemsGroupedByTicket } from './kitchen.usecases';
import * as repo from './kitchen.repository';

/**
 * For each ref (a KOT of a branch, or one ticket), in order, its tickets as the display shows
 * them (`GET /api/kitchen/tickets`' shape: the table's label now, the items' states now); none
 * for a ref that names nothing. Two queries whatever the number of refs and branches (the
 * EventHub batches the refs of the events that arrive together: server/lib/events-tickets.ts).
 */
export async function liveTickets(db: DbOrTx, refs: TicketRef[]): Promise<KotTicket[][]> {
  const rows = await repo.ticketsOfRefs(db, refs);
  const items = itemsGroupedByTicket(await repo.itemsOfBranchTickets(db, rows));
  const tickets = rows.map((row) => ({ row, ticket: displayTicketOf(row, items) }));
  return refs.map((ref) =>
    tickets
      .filter(
        ({ row }) =>
          row.branchId === ref.branchId &&
          (ref.kotId ? row.kotId === ref.kotId : row.id === ref.ticketId),
      )
      .map(({ ticket }) => ticket),
  );
}
