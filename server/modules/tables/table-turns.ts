/**
 * At most `limit` calls per key run at once in this process; the others wait their turn, first
 * come first served. The taps on one table take turns here before they go to the database: the
 * database would make them wait for the table's row anyway, and every tap waiting there holds a
 * pool connection and, once its turn comes, walks past each version of the row written while it
 * waited (measured: PostgreSQL CPU per tap on one hot table about halves with 1 or 2 at once
 * instead of 20). Correctness does not depend on it: the row lock still orders the taps of every
 * process.
 */
export function turnsPerKey(limit: number) {
  const keys = new Map<string, { running: number; waiting: (() => void)[] }>();
  return async <T>(key: string, work: () => Promise<T>): Promise<T> => {
    let turn = keys.get(key);
    if (!turn) {
      turn = { running: 0, waiting: [] };
      keys.set(key, turn);
    }
    if (turn.running < limit) turn.running += 1;
    else await new Promise<void>((resolve) => turn.waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The turn passes straight to the next one waiting, else it is given back.
      const next = turn.waiting.shift();
      if (next) next();
      else if (--turn.running === 0) keys.delete(key);
    }
  };
}
