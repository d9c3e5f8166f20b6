import { byOpId, type PendingOp } from '../order-lines';

/**
 * The device's copy of the taps not yet answered by the server, in IndexedDB, so
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

const DB_NAME = 'tableflow-taps';
const STORE = 'taps';

/** A request's answer as a promise. */
function answer<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

let opening: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () =>
      request.result
        .createObjectStore(STORE, { keyPath: 'opId' })
        .createIndex('branch', 'branchId');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/**
 * `work` on the taps' store in one transaction; answers its result once the transaction has
 * committed (a write is on the disk, as far as the browser can say, when this resolves).
 */
async function transaction<T>(
  db: IDBDatabase,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => Promise<T>,
): Promise<T> {
  const tx = db.transaction(STORE, mode);
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new DOMException('Transaction aborted', 'AbortError'));
  });
  const result = await work(tx.objectStore(STORE));
  await done;
  return result;
}

let chain: Promise<unknown> = Promise.resolve();

/**
 * Every access goes through one chain, in the order it was asked for: a tap is never deleted
 * before it was written, and a read waits for the writes asked before it. A refusal of the
 * device's storage (private mode, a full disk) answers `undefined`: the tap is still sent from
 * memory, only its survival across a closed tab is lost, and the console says so.
 */
function enqueue<T>(access: (db: IDBDatabase) => Promise<T>): Promise<T | undefined> {
  const next = chain.then(async () => access(await database()));
  const settled = next.catch((error: unknown) => {
    console.warn('Taps could not be kept on this device:', error);
    return undefined;
  });
  chain = settled;
  return settled;
}

export const tapStore = {
  put: (tap: StoredTap) =>
    enqueue((db) => transaction(db, 'readwrite', (store) => answer(store.put(tap)))),

  /**
   * `kept` replaces itself and the taps merged into it (`mergedAway`), in one transaction, if
   * they are all still this tab's (none taken over by another tab meanwhile). Answers whether
   * it did; `undefined` when the device's storage refused.
   */
  replace: (kept: StoredTap, mergedAway: readonly string[]) =>
    enqueue((db) =>
      transaction(db, 'readwrite', async (store) => {
        const ids = [kept.opId, ...mergedAway];
        const current = await Promise.all(
          ids.map((opId) => answer(store.get(opId) as IDBRequest<StoredTap | undefined>)),
        );
        if (current.some((tap) => tap && tap.tabId !== kept.tabId)) return false;
        await Promise.all([
          answer(store.put(kept)),
          ...mergedAway.map((opId) => answer(store.delete(opId))),
        ]);
        return true;
      }),
    ),

  remove: (opId: string) =>
    enqueue((db) => transaction(db, 'readwrite', (store) => answer(store.delete(opId)))),

  /** The branch's taps, oldest first (op ids are UUID v7: their order is the order they were made). */
  ofBranch: (branchId: string) =>
    enqueue((db) =>
      transaction(db, 'readonly', async (store) => {
        const taps = await answer(
          store.index('branch').getAll(branchId) as IDBRequest<StoredTap[]>,
        );
        return taps.sort(byOpId);
      }),
    ),
};
