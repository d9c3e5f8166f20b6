interface Waiting<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit per key, in this process: one call per key at a time; what arrives for a key
 * while its call runs waits and goes in the next call together (up to `max`, first come first
 * served). A lone item goes through `one` at once, so nothing waits when the key is quiet.
 * Several go through `many`, which answers a result per item in their order; if it throws, they
 * go through `one` again, one after the other, so one bad item fails alone. The taps of a branch
 * take turns here (and those of a table another transaction holds, on their table's key) before
 * they go to the database: a call with many taps commits once, and on a busy table locks its
 * row once (docs/performance.md). Correctness does not depend on it: the row locks still order
 * the taps of every process, and each call is one transaction.
 */
export function batchesPerKey<Item, Result>({
  max,
  one,
  many,
}: {
  max: number;
  one: (item: Item) => Promise<Result>;
  many: (items: Item[]) => Promise<Result[]>;
}): (key: string, item: Item) => Promise<Result> {
  const queues = new Map<string, Waiting<Item, Result>[]>();

  const settle = async (waiting: Waiting<Item, Result>, work: () => Promise<Result>) => {
    try {
      waiting.resolve(await work());
    } catch (error) {
      waiting.reject(error);
    }
  };

  async function drain(key: string, queue: Waiting<Item, Result>[]) {
    while (queue.length > 0) {
      const batch = queue.splice(0, max);
      if (batch.length === 1) {
        await settle(batch[0]!, () => one(batch[0]!.item));
        continue;
      }
      let results: Result[];
      try {
        results = await many(batch.map((waiting) => waiting.item));
      } catch {
        for (const waiting of batch) await settle(waiting, () => one(waiting.item));
        continue;
      }
      batch.forEach((waiting, index) => waiting.resolve(results[index]!));
    }
    // Nothing can arrive between the last check and here (no await): the key is free again.
    queues.delete(key);
  }

  return (key, item) =>
    new Promise<Result>((resolve, reject) => {
      const queue = queues.get(key);
      if (queue) {
        queue.push({ item, resolve, reject });
        return;
      }
      const fresh = [{ item, resolve, reject }];
      queues.set(key, fresh);
      void drain(key, fresh);
    });
}
