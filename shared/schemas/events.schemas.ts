import { z } from 'zod';
import type { BranchEventTypeName } from '../events';
import { kotTicketSchema } from './kitchen.schemas';

/**
 * Live events of a branch, sent to its devices over Server-Sent Events (`GET /api/events`).
 * Each SSE message's `data` is one event as JSON; the `event:` field is its `type`. An event
 * says what changed: the client refetches what it shows (and refetches everything it shows
 * after a reconnect, since events sent while it was away are not replayed). One exception: the
 * kitchen display's `kitchen.changed` carries the tickets that changed, which it merges.
 */

// The types' list and the stream's timings are in shared/events.ts (no zod: the web app's
// live-events client loads them on every signed-in screen).
export { EVENTS_HEARTBEAT_MS, EVENTS_RETRY_MS } from '../events';

const at = z.string(); // ISO instant the change was committed (server clock)

export const branchEventSchema = z.discriminatedUnion('type', [
  /**
   * A table's order, label or existence changed (lines, rename, add, remove, billed). A tap's
   * event names the order's version after it (the table's version only grows): a device that
   * shows that version already, the tapping one, need not read the order again.
   */
  z.object({
    type: z.literal('table.changed'),
    tableId: z.string(),
    version: z.number().int().nonnegative().optional(),
    at,
  }),
  /** A bill was paid (the table is cleared too: a table.changed follows). */
  z.object({ type: z.literal('bill.paid'), tableId: z.string(), billId: z.string(), at }),
  /** A Due bill was settled (dues list, payment report, overview). */
  z.object({ type: z.literal('bill.settled'), billId: z.string(), at }),
  /** A bill was cancelled (payment report, dues, overview, the bill's panel). */
  z.object({ type: z.literal('bill.cancelled'), billId: z.string(), at }),
  /** Ingredient quantities changed (sale deduction, stock added, a cancelled bill's return). */
  z.object({ type: z.literal('stock.changed'), at }),
  /**
   * The menu changed: a product, variant, add-on group, order or colour, the menu settings, or
   * something marked sold out or back on sale (the order screens refetch the menu).
   */
  z.object({ type: z.literal('menu.changed'), at }),
  /**
   * What the kitchen has of these tables changed (a send, a void, an item's state, a bump, a
   * recall, a move or merge): the order screens refetch their KOTs. A KOT written (a send, a
   * void) names it (`kotId`); a ticket's change (an item's state, a bump, a recall) names the
   * ticket (`ticketId`). On the streams of the users who hold `kitchen.display` the server adds
   * `tickets`: that KOT's tickets, or that ticket, as the display shows them now (each server
   * process reads them once for all its streams), and the display merges them into what it
   * shows. An event without `tickets` (a move, a merge, a station change, an older server's)
   * makes the display refetch. `kotId`, `ticketId` and `tickets` are optional: the older shape
   * `{ type, tableIds, at }` stays valid.
   */
  z.object({
    type: z.literal('kitchen.changed'),
    tableIds: z.array(z.string()),
    kotId: z.string().optional(),
    ticketId: z.string().optional(),
    tickets: z.array(kotTicketSchema).optional(),
    at,
  }),
  /** An item or a whole ticket became ready: the device that sent it may say so. */
  z.object({
    type: z.literal('kitchen.ready'),
    tableId: z.string(),
    tableLabel: z.string(),
    kotNumber: z.number().int(),
    stationName: z.string(),
    /** The user who sent the KOT (null if unknown). */
    sentBy: z.string().nullable(),
    at,
  }),
  /** A print job was queued, printed or failed (docs/printing.md): screens refetch its state. */
  z.object({
    type: z.literal('print.changed'),
    billId: z.string().nullable(),
    kotId: z.string().nullable(),
    at,
  }),
  /**
   * A shift opened or closed, cash went in or out, or a business day closed or reopened
   * (docs/cash.md): the drawer and day-close screens refetch.
   */
  z.object({ type: z.literal('cash.changed'), businessDate: z.string(), at }),
]);
export type BranchEvent = z.infer<typeof branchEventSchema>;
export type BranchEventType = BranchEvent['type'];

/**
 * The schema's types are shared/events.ts's `BRANCH_EVENT_TYPES`, no more and no fewer: a type
 * added to one and not the other fails the type check here.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type EventTypesMatchTheList = Holds<Same<BranchEventType, BranchEventTypeName>>;
