import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/** A case-insensitive "contains" pattern for ILIKE, with the user's % and _ taken literally. */
export function containsPattern(search: string | undefined): string | null {
  const trimmed = search?.trim();
  return trimmed ? `%${trimmed.replace(/[%_\\]/g, '\\$&')}%` : null;
}

/** The rows of a raw `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The rows a raw query answers, typed by the caller. */
export async function selectRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}
