/**
 * The live events' types and timings, without zod: the web app's live-events client
 * (web/lib/live-events.ts) is on every signed-in screen's first load and needs only these. The
 * events' shapes are `branchEventSchema` (shared/schemas/events.schemas.ts), which the server
 * checks each event against before it sends it; that file fails to compile if its types and
 * this list differ.
 */

/** Every type of live event, in the order of `branchEventSchema`. */
export const BRANCH_EVENT_TYPES = [
  'table.changed',
  'bill.paid',
  'bill.settled',
  'bill.cancelled',
  'stock.changed',
  'menu.changed',
  'kitchen.changed',
  'kitchen.ready',
  'print.changed',
  'cash.changed',
] as const;
export type BranchEventTypeName = (typeof BRANCH_EVENT_TYPES)[number];

const KNOWN_TYPES: ReadonlySet<string> = new Set(BRANCH_EVENT_TYPES);

/** True for a type of `BRANCH_EVENT_TYPES` (an event from a newer server may have another). */
export function isBranchEventType(value: unknown): value is BranchEventTypeName {
  return typeof value === 'string' && KNOWN_TYPES.has(value);
}

/** What the server asks the browser to wait before it reconnects (the SSE `retry:`), ms. */
export const EVENTS_RETRY_MS = 2000;
/** How often the server sends a comment on a quiet stream, so proxies keep it open, ms. */
export const EVENTS_HEARTBEAT_MS = 15_000;
