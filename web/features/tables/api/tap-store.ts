import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { byOpId, type PendingOp } from '../order-lines';

/**
 * The device's copy of the taps not yet answered by the server, in IndexedDB (through idb), so
 * a tap survives a network drop, a closed tab or a restarted browser: the app sends what is
 * left when it next starts (signed in to the same branch). A tap is written here before it is
 * first sent and deleted once the server has answered it (applied, or refused for good).
 */

export interface StoredTap extends PendingOp {
  branchId: string;
  tableId: string;
  /** The tab that sends it (tab-liveness.ts): a tab takes over only the taps of gone tabs. */
  tabId: string;
  /** When the tap was made (ms since the epoch). */
  madeAt: number;
}

interface TapDb extends DBSchema {
  taps: { key: string; value: StoredTap; indexes: { branch: string } };
}

const DB_NAME = 'tableflow-taps';

let opening: Promise<IDBPDatabase<TapDb>> | null = null;

function database(): Promise<IDBPDatabase<TapDb>> {
  opening ??= openDB<TapDb>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('taps', { keyPath: 'opId' }).createIndex('branch', 'branchId');
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

let chain: Promise<unknown> = Promise.resolve();

/**
 * Every access goes through one chain, in the order it was asked for: a tap is never deleted
 * before it was written, and a read waits for the writes asked before it. A refusal of the
 * device's storage (private mode, a full disk) answers `undefined`: the tap is still sent from
 * memory, only its survival across a closed tab is lost, and the console says so.
 */
function enqueue<T>(access: (db: IDBPDatabase<TapDb>) => Promise<T>): Promise<T | undefined> {
  const next = chain.then(async () => access(await database()));
  const settled = next.catch((error: unknown) => {
    console.warn('Taps could not be kept on this device:', error);
    return undefined;
  });
  chain = settled;
  return settled;
}

export const tapStore = {
  put: (tap: StoredTap) => enqueue((db) => db.put('taps', tap)),

  /**
   * `kept` replaces itself and the taps merged into it (`mergedAway`), in one transaction, if
   * they are all still this tab's (none taken over by another tab meanwhile). Answers whether
   * it did; `undefined` when the device's storage refused.
   */
  replace: (kept: StoredTap, mergedAway: readonly string[]) =>
    enqueue(async (db) => {
      const tx = db.transaction('taps', 'readwrite');
      const ids = [kept.opId, ...mergedAway];
      const current = await Promise.all(ids.map((opId) => tx.store.get(opId)));
      if (current.some((tap) => tap && tap.tabId !== kept.tabId)) {
        await tx.done;
        return false;
      }
      await Promise.all([tx.store.put(kept), ...mergedAway.map((opId) => tx.store.delete(opId))]);
      await tx.done;
      return true;
    }),

  remove: (opId: string) => enqueue((db) => db.delete('taps', opId)),

  /** The branch's taps, oldest first (op ids are UUID v7: their order is the order they were made). */
  ofBranch: (branchId: string) =>
    enqueue(async (db) => {
      const taps = await db.getAllFromIndex('taps', 'branch', branchId);
      return taps.sort(byOpId);
    }),
};
