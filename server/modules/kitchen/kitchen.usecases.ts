// KOTs (send, list, reprint) and the kitchen display (tickets, item states, bump, recall): docs/kitchen.md.
// Stations, routes and settings: kitchen.settings.usecases.ts.
import {
  DEFAULT_AMBER_AFTER_MINUTES,
  DEFAULT_RED_AFTER_MINUTES,
  DEFAULT_VOID_REASONS,
  type KotItemState,
  type KotReason,
} from '../../../shared/kitchen';
import {
  type KitchenFloor,
  type KitchenSettings,
  type Kot,
  type KotItem,
  type KotTicket,
  type SendKotAnswer,
  type TableKots,
  type TicketsAnswer,
} from '../../../shared/schemas/kitchen.schemas';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { publishBranchEvent } from '../../lib/events';
import { queueKotReprint } from '../printing/printing.usecases';
import { tableNotFound } from '../tables/tables.errors';
import { itemNotFound, kotNotFound, stationNotFound, ticketNotFound } from './kitchen.errors';
import * as repo from './kitchen.repository';
import * as settingsRepo from './kitchen.settings.repository';

interface Actor {
  db: Db;
  clock: Clock;
  branchId: string;
  userId: string;
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

function itemOf(row: repo.ItemRow): KotItem {
  return {
    id: row.id,
    lineKey: row.lineKey,
    productId: row.productId,
    name: row.name,
    variantName: row.variantName,
    addons: row.addons,
    note: row.note,
    quantity: row.quantity,
    cancelled: row.cancelled,
    state: row.state as KotItemState,
    stateAt: iso(row.stateAt),
  };
}

/** Item rows as the API shows them, grouped by ticket (in the rows' order). */
export function itemsGroupedByTicket(rows: repo.ItemRow[]): Map<string, KotItem[]> {
  const byTicket = new Map<string, KotItem[]>();
  for (const row of rows) {
    const list = byTicket.get(row.ticketId) ?? [];
    list.push(itemOf(row));
    byTicket.set(row.ticketId, list);
  }
  return byTicket;
}

/** The items of these tickets, grouped by ticket. */
async function itemsByTicket(db: DbOrTx, branchId: string, ticketIds: string[]) {
  return itemsGroupedByTicket(await repo.itemsOfTickets(db, branchId, ticketIds));
}

/** KOTs whole: their tickets and items (three queries, whatever their number). */
async function kotsWhole(db: DbOrTx, branchId: string, rows: repo.KotRow[]): Promise<Kot[]> {
  const tickets = await repo.ticketsOfKots(
    db,
    branchId,
    rows.map((row) => row.id),
  );
  const items = await itemsByTicket(
    db,
    branchId,
    tickets.map((ticket) => ticket.id),
  );
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    businessDate: row.businessDate,
    tableId: row.tableId,
    tableLabel: row.tableLabel,
    sentBy: row.sentBy,
    sentByName: row.sentByName,
    sentAt: row.sentAt.toISOString(),
    reason: row.reason as KotReason,
    reprints: row.reprints,
    tickets: tickets
      .filter((ticket) => ticket.kotId === row.id)
      .map((ticket) => ({
        id: ticket.id,
        stationId: ticket.stationId,
        stationName: ticket.stationName,
        bumpedAt: iso(ticket.bumpedAt),
        items: items.get(ticket.id) ?? [],
      })),
  }));
}

async function kotOf(db: DbOrTx, branchId: string, kotId: string): Promise<Kot> {
  const row = await repo.findKot(db, branchId, kotId);
  if (!row) throw kotNotFound();
  return (await kotsWhole(db, branchId, [row]))[0]!;
}

/**
 * Send to kitchen (docs/kitchen.md, "KOTs"): the order's lines not sent yet as one KOT, in one
 * transaction under the table's row lock (`send_kot`), exactly once per `opId` (a retry answers
 * the KOT it made). Nothing to send: `kot` null, nothing written. The business day (the KOT's
 * number) is the branch's, in its time zone. Audited; `kitchen.changed` is published by the
 * database function, `table.changed` here (the order's version went up).
 */
export function sendKot({
  db,
  clock,
  branchId,
  userId,
  tableId,
  opId,
  auto,
}: Actor & { tableId: string; opId: string; auto: boolean }): Promise<SendKotAnswer> {
  return db.transaction(async (tx) => {
    const at = clock();
    const result = await repo.sendKot(tx, {
      branchId,
      tableId,
      opId,
      reason: auto ? 'auto' : 'send',
      userId,
      at,
    });
    if (result.status === 'table_not_found') throw tableNotFound();
    const kot = result.kot;
    if (result.status === 'sent' && kot) {
      await recordAudit(tx, {
        branchId,
        userId,
        action: 'kot.send',
        entity: 'kot',
        entityId: kot.id,
        data: {
          tableId,
          number: kot.number,
          reason: kot.reason,
          items: kot.tickets.flatMap((ticket) =>
            ticket.items.map((item) => ({ name: item.name, quantity: item.quantity })),
          ),
        },
        at,
      });
      await publishBranchEvent(tx, branchId, { type: 'table.changed', tableId });
    }
    return { kot, version: result.version! };
  });
}

/** The current order's KOTs (made since the table's opened_at), oldest first. */
export async function tableKots({
  db,
  branchId,
  tableId,
}: {
  db: Db;
  branchId: string;
  tableId: string;
}): Promise<TableKots> {
  const table = await repo.findTable(db, branchId, tableId);
  if (!table) throw tableNotFound();
  if (!table.openedAt) return { items: [] };
  const rows = await repo.kotsOfTable(db, branchId, tableId, table.openedAt);
  return { items: await kotsWhole(db, branchId, rows) };
}

/**
 * Counts a reprint and answers the KOT to print (marked REPRINT): nothing is sent again. Its
 * network printers get REPRINT jobs in the same transaction (docs/printing.md).
 */
export function reprintKot({ db, clock, branchId, userId, kotId }: Actor & { kotId: string }) {
  return db.transaction(async (tx) => {
    if (!(await repo.countReprint(tx, branchId, kotId))) throw kotNotFound();
    const kot = await kotOf(tx, branchId, kotId);
    const at = clock();
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'kot.reprint',
      entity: 'kot',
      entityId: kotId,
      data: { number: kot.number, reprints: kot.reprints },
      at,
    });
    await queueKotReprint(tx, { branchId, kotId, userId, at });
    return kot;
  });
}

// ---------------------------------------------------------------------------------------------
// The kitchen display
// ---------------------------------------------------------------------------------------------

/** A ticket as the display shows it, from its row and its items (grouped by ticket id). */
export function displayTicketOf(
  row: repo.DisplayTicketRow,
  items: ReadonlyMap<string, KotItem[]>,
): KotTicket {
  return {
    id: row.id,
    kotId: row.kotId,
    kotNumber: row.kotNumber,
    tableId: row.tableId,
    tableLabel: row.tableLabel,
    sentByName: row.sentByName,
    sentAt: row.sentAt.toISOString(),
    reason: row.reason as KotReason,
    stationId: row.stationId,
    stationName: row.stationName,
    bumpedAt: iso(row.bumpedAt),
    items: items.get(row.id) ?? [],
  };
}

async function ticketsWhole(
  db: DbOrTx,
  branchId: string,
  rows: repo.DisplayTicketRow[],
): Promise<KotTicket[]> {
  const items = await itemsByTicket(
    db,
    branchId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => displayTicketOf(row, items));
}

export async function settingsOf(db: DbOrTx, branchId: string): Promise<KitchenSettings> {
  return (
    (await settingsRepo.findSettings(db, branchId)) ?? {
      autoSendOnLeave: false,
      amberAfterMinutes: DEFAULT_AMBER_AFTER_MINUTES,
      redAfterMinutes: DEFAULT_RED_AFTER_MINUTES,
      voidReasons: [...DEFAULT_VOID_REASONS],
    }
  );
}

/** The display's state: open tickets (of one station, or all), the last bumped, thresholds. */
export async function kitchenTickets({
  db,
  clock,
  branchId,
  stationId,
}: {
  db: Db;
  clock: Clock;
  branchId: string;
  stationId?: string;
}): Promise<TicketsAnswer> {
  if (stationId !== undefined && !(await settingsRepo.findStation(db, branchId, stationId))) {
    throw stationNotFound();
  }
  const [open, last, stations, settings] = await Promise.all([
    repo.openTickets(db, branchId, stationId),
    repo.lastBumpedTicket(db, branchId, stationId),
    settingsRepo.liveStations(db, branchId),
    settingsOf(db, branchId),
  ]);
  const whole = await ticketsWhole(db, branchId, last ? [...open, last] : open);
  return {
    tickets: last ? whole.slice(0, -1) : whole,
    lastBumped: last ? whole.at(-1)! : null,
    stations,
    amberAfterMinutes: settings.amberAfterMinutes,
    redAfterMinutes: settings.redAfterMinutes,
    serverTime: clock().toISOString(),
  };
}

/** The ticket as the display shows it, after a change (in the change's transaction). */
async function ticketOf(db: DbOrTx, branchId: string, ticketId: string): Promise<KotTicket> {
  const row = await repo.displayTicket(db, branchId, ticketId);
  if (!row) throw ticketNotFound();
  return (await ticketsWhole(db, branchId, [row]))[0]!;
}

/** kitchen.changed for the ticket's table, and kitchen.ready when something became ready. */
async function publishTicket(tx: DbOrTx, branchId: string, ticketId: string, becameReady: boolean) {
  const row = (await repo.displayTicket(tx, branchId, ticketId))!;
  // The ticket's id: each server process reads it once for its kitchen displays' streams.
  await publishBranchEvent(tx, branchId, {
    type: 'kitchen.changed',
    tableIds: [row.tableId],
    ticketId,
  });
  if (becameReady) {
    await publishBranchEvent(tx, branchId, {
      type: 'kitchen.ready',
      tableId: row.tableId,
      tableLabel: row.tableLabel,
      kotNumber: row.kotNumber,
      stationName: row.stationName,
      sentBy: row.sentBy,
    });
  }
}

/**
 * Moves an item (new → preparing → ready, or back). The ticket's row is locked, so two taps on
 * one ticket take turns; afterwards the ticket is bumped when every item not cancelled is ready
 * (and back on the display when one is not). Live: kitchen.changed, and kitchen.ready when the
 * ticket's last item became ready. Audited.
 */
export function setItemState({
  db,
  clock,
  branchId,
  userId,
  itemId,
  state,
}: Actor & { itemId: string; state: KotItemState }): Promise<KotTicket> {
  return db.transaction(async (tx) => {
    const found = await repo.findItem(tx, branchId, itemId);
    if (!found) throw itemNotFound();
    const ticket = (await repo.lockTicket(tx, branchId, found.ticketId))!;
    const item = (await repo.findItem(tx, branchId, itemId))!;
    const at = clock();
    if (item.state !== state) {
      await repo.setItemState(tx, branchId, itemId, state, at);
      const ready = await repo.allReady(tx, branchId, ticket.id);
      if (ready && !ticket.bumpedAt) await repo.setBumped(tx, branchId, ticket.id, at);
      if (!ready && ticket.bumpedAt) await repo.setBumped(tx, branchId, ticket.id, null);
      await recordAudit(tx, {
        branchId,
        userId,
        action: 'kot.item_state',
        entity: 'kot_item',
        entityId: itemId,
        data: { from: item.state, to: state },
        at,
      });
      // The waiter is told once the ticket's last item is ready, not at each item.
      await publishTicket(tx, branchId, ticket.id, state === 'ready' && ready);
    }
    return ticketOf(tx, branchId, ticket.id);
  });
}

/** Bumps a whole ticket off the display: its items not cancelled become ready. */
export function bumpTicket({
  db,
  clock,
  branchId,
  userId,
  ticketId,
}: Actor & { ticketId: string }): Promise<KotTicket> {
  return db.transaction(async (tx) => {
    const ticket = await repo.lockTicket(tx, branchId, ticketId);
    if (!ticket) throw ticketNotFound();
    if (!ticket.bumpedAt) {
      const at = clock();
      const readied = await repo.setTicketItemsState(tx, branchId, ticketId, 'ready', at);
      await repo.setBumped(tx, branchId, ticketId, at);
      await recordAudit(tx, {
        branchId,
        userId,
        action: 'kot.bump',
        entity: 'kot_ticket',
        entityId: ticketId,
        at,
      });
      await publishTicket(tx, branchId, ticketId, readied.length > 0);
    }
    return ticketOf(tx, branchId, ticketId);
  });
}

/** Brings a bumped ticket back on the display: its items not cancelled go back to preparing. */
export function recallTicket({
  db,
  clock,
  branchId,
  userId,
  ticketId,
}: Actor & { ticketId: string }): Promise<KotTicket> {
  return db.transaction(async (tx) => {
    const ticket = await repo.lockTicket(tx, branchId, ticketId);
    if (!ticket) throw ticketNotFound();
    if (ticket.bumpedAt) {
      const at = clock();
      await repo.setTicketItemsState(tx, branchId, ticketId, 'preparing', at);
      await repo.setBumped(tx, branchId, ticketId, null);
      await recordAudit(tx, {
        branchId,
        userId,
        action: 'kot.recall',
        entity: 'kot_ticket',
        entityId: ticketId,
        at,
      });
      await publishTicket(tx, branchId, ticketId, false);
    }
    return ticketOf(tx, branchId, ticketId);
  });
}

/**
 * The billing screen's cards: per table with an open order, the quantities of its current
 * order's KOTs still cooking and ready.
 */
export async function kitchenFloor({
  db,
  branchId,
}: {
  db: Db;
  branchId: string;
}): Promise<KitchenFloor> {
  return { tables: await repo.floorProgress(db, branchId) };
}
