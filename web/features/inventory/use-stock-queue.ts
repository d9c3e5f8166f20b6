import { useCallback, useEffect, useState } from 'react';
import { uuidv7 } from '../../lib/uuid-v7';
import {
  EMPTY_QUEUE,
  parseStoredQueue,
  stockQueueStorageKey,
  type QueuedEntry,
  type StockQueue,
} from './stock-queue';

function read(storageKey: string): StockQueue {
  try {
    return parseStoredQueue(window.localStorage.getItem(storageKey));
  } catch {
    return EMPTY_QUEUE; // storage switched off: the queue lives in memory only
  }
}

function write(storageKey: string, queue: StockQueue) {
  try {
    if (queue.entries.length === 0 && !queue.idempotencyKey) {
      window.localStorage.removeItem(storageKey);
    } else {
      window.localStorage.setItem(storageKey, JSON.stringify(queue));
    }
  } catch {
    // Storage full or switched off: the queue still works for this page.
  }
}

/**
 * The stock queue of this branch and user, written through to localStorage on every change
 * (before a submission leaves, so its key survives a reload mid-flight) and kept in step with
 * other tabs. Mount it under `key={storageKey}` so another user or branch starts afresh.
 */
export function useStockQueue(branchId: string, userId: string) {
  const storageKey = stockQueueStorageKey(branchId, userId);
  const [queue, setQueue] = useState<StockQueue>(() => read(storageKey));

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === storageKey) setQueue(parseStoredQueue(event.newValue));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [storageKey]);

  const update = useCallback(
    (change: (current: StockQueue) => StockQueue) => {
      // Read what is stored, not what this render saw: another tab may have changed it.
      const next = change(read(storageKey));
      write(storageKey, next);
      setQueue(next);
      return next;
    },
    [storageKey],
  );

  return {
    queue,
    add: (entry: Omit<QueuedEntry, 'id'>) =>
      update((current) => ({
        ...current,
        entries: [...current.entries, { ...entry, id: uuidv7() }],
      })),
    remove: (id: string) =>
      update((current) => ({
        ...current,
        entries: current.entries.filter((entry) => entry.id !== id),
      })),
    /**
     * The queue as it goes out, with its submission key: made (and stored) on the first press,
     * then the same on every press until one succeeds.
     */
    prepareSubmission: () => {
      const next = update((current) => ({
        ...current,
        idempotencyKey: current.idempotencyKey ?? uuidv7(),
      }));
      return { entries: next.entries, idempotencyKey: next.idempotencyKey as string };
    },
    /** The key was used with other entries before: the next press makes a new one. */
    dropKey: () => update((current) => ({ ...current, idempotencyKey: null })),
    clear: () => update(() => EMPTY_QUEUE),
  };
}
