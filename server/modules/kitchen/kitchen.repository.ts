import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { KotItemState, KotReason } from '../../../shared/kitchen';
import type { Kot } from '../../../shared/schemas/kitchen.schemas';
import type { DbOrTx } from '../../db/client';
import type { TicketRef } from '../../lib/events-tickets';
import { kitchenStations, kotItems, kotTickets, kots, orderLines, tables } from '../../db/schema';

export type SendStatus = 'table_not_found' | 'replayed' | 'nothing' | 'sent';

/**
 * "Send to kitchen" of a table in one call of `send_kot` (kitchen.functions.sql explains it):
 * under the table's row lock, the lines' difference as one KOT, exactly once per op id; answers
 * the KOT as the API shows it (kot_json).
 */
export async function sendKot(
  tx: DbOrTx,
  send: {
    branchId: string;
    tableId: string;
    opId: string;
    reason: Extract<KotReason, 'send' | 'auto'>;
    userId: string;
    at: Date;
  },
) {
  const result = await tx.execute(sql`select status, kot, version from send_kot(
    ${send.branchId}::uuid, ${send.tableId}::uuid, ${send.opId}::uuid, ${send.reason}::text,
    ${send.userId}::uuid, ${send.at.toISOString()}::timestamptz)`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
  return {
    status: row.status as SendStatus,
    kot: (row.kot as Kot | null) ?? null,
    version: (row.version as number | null) ?? null,
  };
}

/** A live table of the branch: its label and when its current order was opened. */
export async function findTable(db: DbOrTx, branchId: string, tableId: string) {
  const [row] = await db
    .select({ id: tables.id, label: tables.label, openedAt: tables.openedAt })
    .from(tables)
    .where(and(eq(tables.branchId, branchId), eq(tables.id, tableId), isNull(tables.archivedAt)));
  return row ?? null;
}

const kotColumns = {
  id: kots.id,
  number: kots.number,
  businessDate: kots.businessDate,
  tableId: kots.tableId,
  tableLabel: kots.tableLabel,
  sentBy: kots.sentBy,
  sentByName: kots.sentByName,
  sentAt: kots.createdAt,
  reason: kots.reason,
  reprints: kots.reprints,
};

export type KotRow = Awaited<ReturnType<typeof selectKots>>[number];

function selectKots(db: DbOrTx, branchId: string, where: SQL | undefined) {
  return db
    .select(kotColumns)
    .from(kots)
    .where(and(eq(kots.branchId, branchId), where))
    .orderBy(asc(kots.createdAt), asc(kots.businessDate), asc(kots.number));
}

/** The KOTs of a table made since `since` (its current order), oldest first. */
export function kotsOfTable(db: DbOrTx, branchId: string, tableId: string, since: Date) {
  return selectKots(db, branchId, and(eq(kots.tableId, tableId), gte(kots.createdAt, since)));
}

export async function findKot(db: DbOrTx, branchId: string, kotId: string) {
  const [row] = await selectKots(db, branchId, eq(kots.id, kotId));
  return row ?? null;
}

/** Counts a reprint; null when the KOT is not the branch's. */
export async function countReprint(db: DbOrTx, branchId: string, kotId: string) {
  const [row] = await db
    .update(kots)
    .set({ reprints: sql`${kots.reprints} + 1` })
    .where(and(eq(kots.branchId, branchId), eq(kots.id, kotId)))
    .returning({ id: kots.id });
  return row ?? null;
}

const ticketColumns = {
  id: kotTickets.id,
  kotId: kotTickets.kotId,
  stationId: kotTickets.stationId,
  stationName: kotTickets.stationName,
  bumpedAt: kotTickets.bumpedAt,
};

/** A KOT's tickets in their stations' order (no station last). */
const stationOrder = [
  sql`(select s.position from ${kitchenStations} s
    where s.branch_id = ${kotTickets.branchId} and s.id = ${kotTickets.stationId}) nulls last`,
  asc(kotTickets.stationName),
  asc(kotTickets.id),
];

/** The tickets of these KOTs (each KOT's in its stations' order). */
export function ticketsOfKots(db: DbOrTx, branchId: string, kotIds: string[]) {
  if (kotIds.length === 0) return Promise.resolve([]);
  return db
    .select(ticketColumns)
    .from(kotTickets)
    .where(and(eq(kotTickets.branchId, branchId), inArray(kotTickets.kotId, kotIds)))
    .orderBy(...stationOrder);
}

const itemColumns = {
  id: kotItems.id,
  ticketId: kotItems.ticketId,
  lineKey: kotItems.lineKey,
  productId: kotItems.productId,
  name: kotItems.name,
  variantName: kotItems.variantName,
  addons: kotItems.addons,
  note: kotItems.note,
  quantity: kotItems.quantity,
  cancelled: kotItems.cancelled,
  state: kotItems.state,
  stateAt: kotItems.stateAt,
};

export type ItemRow = Awaited<ReturnType<typeof itemsOfTickets>>[number];

/** The items of these tickets, in the order sent. */
export function itemsOfTickets(db: DbOrTx, branchId: string, ticketIds: string[]) {
  if (ticketIds.length === 0) return Promise.resolve([]);
  return db
    .select(itemColumns)
    .from(kotItems)
    .where(and(eq(kotItems.branchId, branchId), inArray(kotItems.ticketId, ticketIds)))
    .orderBy(asc(kotItems.ticketId), asc(kotItems.position));
}

/** Tickets as the display lists them, with their KOT and the table's label now. */
function displayTickets(db: DbOrTx) {
  return db
    .select({
      ...ticketColumns,
      branchId: kotTickets.branchId,
      kotNumber: kots.number,
      tableId: kots.tableId,
      tableLabel: tables.label,
      sentBy: kots.sentBy,
      sentByName: kots.sentByName,
      sentAt: kots.createdAt,
      reason: kots.reason,
    })
    .from(kotTickets)
    .innerJoin(kots, and(eq(kots.branchId, kotTickets.branchId), eq(kots.id, kotTickets.kotId)))
    .innerJoin(tables, and(eq(tables.branchId, kots.branchId), eq(tables.id, kots.tableId)))
    .$dynamic();
}

export type DisplayTicketRow = Awaited<ReturnType<typeof openTickets>>[number];

const ofStation = (stationId: string | undefined) =>
  stationId === undefined ? undefined : eq(kotTickets.stationId, stationId);

/** The tickets still on the display (not bumped), oldest first. */
export function openTickets(db: DbOrTx, branchId: string, stationId?: string) {
  return displayTickets(db)
    .where(
      and(eq(kotTickets.branchId, branchId), isNull(kotTickets.bumpedAt), ofStation(stationId)),
    )
    .orderBy(asc(kotTickets.createdAt), asc(kots.businessDate), asc(kots.number), ...stationOrder);
}

/** The ticket bumped last (for recall). */
export async function lastBumpedTicket(db: DbOrTx, branchId: string, stationId?: string) {
  const [row] = await displayTickets(db)
    .where(
      and(eq(kotTickets.branchId, branchId), isNotNull(kotTickets.bumpedAt), ofStation(stationId)),
    )
    .orderBy(desc(kotTickets.bumpedAt), desc(kotTickets.id))
    .limit(1);
  return row ?? null;
}

export async function displayTicket(db: DbOrTx, branchId: string, ticketId: string) {
  const [row] = await displayTickets(db).where(
    and(eq(kotTickets.branchId, branchId), eq(kotTickets.id, ticketId)),
  );
  return row ?? null;
}

/**
 * The display's tickets named by `refs`, across branches, in one query (the live events' read:
 * kitchen.live.usecases.ts), oldest first as the display lists them.
 */
export function ticketsOfRefs(db: DbOrTx, refs: TicketRef[]) {
  const named = refs.flatMap((ref) => {
    const which = ref.kotId
      ? eq(kotTickets.kotId, ref.kotId)
      : ref.ticketId
        ? eq(kotTickets.id, ref.ticketId)
        : undefined;
    return which ? [and(eq(kotTickets.branchId, ref.branchId), which)] : [];
  });
  if (named.length === 0) return Promise.resolve([]);
  return displayTickets(db)
    .where(or(...named))
    .orderBy(asc(kotTickets.createdAt), asc(kots.businessDate), asc(kots.number), ...stationOrder);
}

/** The items of tickets of several branches (`tickets`: id and branch), in the order sent. */
export function itemsOfBranchTickets(db: DbOrTx, tickets: { id: string; branchId: string }[]) {
  const byBranch = new Map<string, string[]>();
  for (const ticket of tickets) {
    byBranch.set(ticket.branchId, [...(byBranch.get(ticket.branchId) ?? []), ticket.id]);
  }
  if (byBranch.size === 0) return Promise.resolve([]);
  return db
    .select(itemColumns)
    .from(kotItems)
    .where(
      or(
        ...[...byBranch].map(([branchId, ids]) =>
          and(eq(kotItems.branchId, branchId), inArray(kotItems.ticketId, ids)),
        ),
      ),
    )
    .orderBy(asc(kotItems.ticketId), asc(kotItems.position));
}

/** A ticket of the branch, locked until the transaction ends (item states and bumps take turns). */
export async function lockTicket(db: DbOrTx, branchId: string, ticketId: string) {
  const [row] = await db
    .select({ id: kotTickets.id, bumpedAt: kotTickets.bumpedAt })
    .from(kotTickets)
    .where(and(eq(kotTickets.branchId, branchId), eq(kotTickets.id, ticketId)))
    .for('update');
  return row ?? null;
}

export async function findItem(db: DbOrTx, branchId: string, itemId: string) {
  const [row] = await db
    .select({ id: kotItems.id, ticketId: kotItems.ticketId, state: kotItems.state })
    .from(kotItems)
    .where(and(eq(kotItems.branchId, branchId), eq(kotItems.id, itemId)));
  return row ?? null;
}

export async function setItemState(
  db: DbOrTx,
  branchId: string,
  itemId: string,
  state: KotItemState,
  at: Date,
) {
  await db
    .update(kotItems)
    .set({ state, stateAt: at })
    .where(and(eq(kotItems.branchId, branchId), eq(kotItems.id, itemId)));
}

/** Every item of the ticket that is not cancelled (and not in `state` yet) moves to `state`. */
export async function setTicketItemsState(
  db: DbOrTx,
  branchId: string,
  ticketId: string,
  state: KotItemState,
  at: Date,
) {
  return db
    .update(kotItems)
    .set({ state, stateAt: at })
    .where(
      and(
        eq(kotItems.branchId, branchId),
        eq(kotItems.ticketId, ticketId),
        eq(kotItems.cancelled, false),
        ne(kotItems.state, state),
      ),
    )
    .returning({ id: kotItems.id });
}

/** True when every item of the ticket that is not cancelled is ready. */
export async function allReady(db: DbOrTx, branchId: string, ticketId: string) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(kotItems)
    .where(
      and(
        eq(kotItems.branchId, branchId),
        eq(kotItems.ticketId, ticketId),
        eq(kotItems.cancelled, false),
        ne(kotItems.state, 'ready'),
      ),
    )
    .limit(1);
  return row === undefined;
}

export async function setBumped(db: DbOrTx, branchId: string, ticketId: string, at: Date | null) {
  await db
    .update(kotTickets)
    .set({ bumpedAt: at })
    .where(and(eq(kotTickets.branchId, branchId), eq(kotTickets.id, ticketId)));
}

export function floorProgress(db: DbOrTx, branchId: string) {
  return db
    .select({
      tableId: kots.tableId,
      cooking: sql<number>`coalesce(sum(${kotItems.quantity}) filter (where ${kotItems.state} <> 'ready'), 0)::int`,
      ready: sql<number>`coalesce(sum(${kotItems.quantity}) filter (where ${kotItems.state} = 'ready'), 0)::int`,
    })
    .from(tables)
    .innerJoin(
      kots,
      and(
        eq(kots.branchId, tables.branchId),
        eq(kots.tableId, tables.id),
        gte(kots.createdAt, tables.openedAt),
      ),
    )
    .innerJoin(
      kotTickets,
      and(eq(kotTickets.branchId, kots.branchId), eq(kotTickets.kotId, kots.id)),
    )
    .innerJoin(
      kotItems,
      and(
        eq(kotItems.branchId, kotTickets.branchId),
        eq(kotItems.ticketId, kotTickets.id),
        eq(kotItems.cancelled, false),
      ),
    )
    .where(
      and(
        eq(tables.branchId, branchId),
        isNull(tables.archivedAt),
        isNotNull(tables.openedAt),
        sql`exists (select 1 from ${orderLines} l where l.branch_id = ${tables.branchId} and l.table_id = ${tables.id})`,
      ),
    )
    .groupBy(kots.tableId);
}
