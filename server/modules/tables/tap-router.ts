import type { Db } from '../../db/client';
import { batchesPerKey } from './tap-batches';
import * as repo from './tables.repository';

/** The most taps sent to the database in one call (per branch, or per table). */
const MOST_TAPS_PER_CALL = 50;

export interface TableTap {
  branchId: string;
  tableId: string;
  tap: repo.Tap;
  at: Date;
}

export interface TapOutcome {
  status: repo.TapStatus;
  label: string | null;
  version: number | null;
  guests: number | null;
  lines: repo.LineRow[] | null;
}

/**
 * The taps of this server, group-committed per branch: one database call per branch at a time;
 * a lone tap goes alone, and the taps of the branch that arrive while a call runs go together
 * in the next one, whatever their tables (`change_branch_lines`: one round trip, one commit).
 * A tap whose table's row another transaction holds (a payment, say) is not waited for there:
 * it comes back busy and goes the waiting way, on its own table's queue (one `change_order_lines`
 * call per table at a time, the taps that arrived meanwhile together), so a payment holding one
 * table never stalls the others. While a table has taps on that way, its next taps follow them,
 * so this server applies a table's taps in the order they came. If a branch call fails, its
 * taps go the waiting way too, where a call that fails is sent again one tap at a time and a
 * bad tap fails alone. One per server: server/app.ts makes it with the app's other
 * dependencies (`app.deps.taps`).
 */
export type TableTaps = (tap: TableTap) => Promise<TapOutcome>;

const tableKey = (tap: TableTap) => `${tap.branchId} ${tap.tableId}`;

export function tableTaps(db: Db): TableTaps {
  const onTable = batchesPerKey<TableTap, TapOutcome>({
    max: MOST_TAPS_PER_CALL,
    one: async (tap) => (await onOneTable([tap]))[0]!,
    many: onOneTable,
  });
  async function onOneTable(taps: TableTap[]): Promise<TapOutcome[]> {
    const { branchId, tableId } = taps[0]!;
    const result = await repo.changeLines(db, {
      branchId,
      tableId,
      taps: taps.map(({ tap }) => tap),
      at: taps.at(-1)!.at,
    });
    const { label, version, guests, lines } = result;
    return result.statuses.map((status) => ({ status, label, version, guests, lines }));
  }

  /** Taps on the waiting way, per table. */
  const waiting = new Map<string, number>();
  const theWaitingWay = (tap: TableTap): Promise<TapOutcome> => {
    const key = tableKey(tap);
    waiting.set(key, (waiting.get(key) ?? 0) + 1);
    const done = () => {
      const left = waiting.get(key)! - 1;
      if (left === 0) waiting.delete(key);
      else waiting.set(key, left);
    };
    const outcome = onTable(key, tap);
    outcome.then(done, done);
    return outcome;
  };

  type Routed = { outcome: TapOutcome } | { later: Promise<TapOutcome> };
  async function inBranch(taps: TableTap[]): Promise<Routed[]> {
    const routed: Routed[] = [];
    const calls = new Map<string, { tableId: string; indexes: number[] }>();
    taps.forEach((tap, index) => {
      if (waiting.has(tableKey(tap))) {
        routed[index] = { later: theWaitingWay(tap) };
        return;
      }
      const call = calls.get(tap.tableId) ?? { tableId: tap.tableId, indexes: [] };
      call.indexes.push(index);
      calls.set(tap.tableId, call);
    });
    if (calls.size === 0) return routed;
    let rows: Awaited<ReturnType<typeof repo.changeBranchLines>> | null = null;
    try {
      rows = await repo.changeBranchLines(db, {
        branchId: taps[0]!.branchId,
        calls: [...calls.values()].map(({ tableId, indexes }) => ({
          tableId,
          taps: indexes.map((index) => taps[index]!.tap),
        })),
        at: taps.at(-1)!.at,
      });
    } catch {
      // Sent again the waiting way below, where a failing call is retried one tap at a time.
    }
    // No await from here on: a busy table's taps join its queue before the next branch call.
    const answered = new Map((rows ?? []).map((row) => [row.table_id, row]));
    for (const { tableId, indexes } of calls.values()) {
      const row = answered.get(tableId);
      indexes.forEach((index, nth) => {
        routed[index] =
          !row || row.busy
            ? { later: theWaitingWay(taps[index]!) }
            : {
                outcome: {
                  status: row.statuses![nth]!,
                  label: row.label,
                  version: row.version,
                  guests: row.guests,
                  lines: row.lines,
                },
              };
      });
    }
    return routed;
  }
  const perBranch = batchesPerKey<TableTap, Routed>({
    max: MOST_TAPS_PER_CALL,
    one: async (tap) => (await inBranch([tap]))[0]!,
    many: inBranch,
  });
  return async (tap) => {
    const routed = await perBranch(tap.branchId, tap);
    return 'outcome' in routed ? routed.outcome : routed.later;
  };
}
