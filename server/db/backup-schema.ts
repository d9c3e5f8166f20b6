// What a backup reads of the database's own schema: its tables and columns, the order that puts
// parents before children, and a table's rows in an order a restore can insert (backup.ts).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { selectRows } from '../lib/sql';

/** A problem the operator can act on: the command prints its message alone. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** The tables of the `public` schema, with their stored (not generated) columns. */
export async function publicTables(db: DbOrTx): Promise<{ table: string; columns: string[] }[]> {
  return selectRows(
    db,
    sql`select c.relname as "table",
          array(select a.attname::text from pg_attribute a
                where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                  and a.attgenerated = ''
                order by a.attnum) as columns
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'
        order by c.relname`,
  );
}

/** Tables ordered so that every table comes after the tables its foreign keys point at. */
export async function parentsFirst<T extends { table: string }>(
  db: DbOrTx,
  tables: T[],
): Promise<T[]> {
  const references = await selectRows<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
        from pg_constraint k
        join pg_class child on child.oid = k.conrelid
        join pg_class parent on parent.oid = k.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  );
  const ordered: T[] = [];
  const placed = new Set<string>();
  let left = tables;
  while (left.length > 0) {
    // A table's references to itself are ordered within it (rowOrder), not between tables.
    const ready = left.filter((t) =>
      references.every((r) => r.child !== t.table || r.parent === t.table || placed.has(r.parent)),
    );
    if (ready.length === 0) {
      const names = left.map((t) => t.table).join(', ');
      throw new BackupError(`Foreign keys form a cycle among ${names}: no insert order exists.`);
    }
    for (const t of ready) placed.add(t.table);
    ordered.push(...ready);
    left = left.filter((t) => !placed.has(t.table));
  }
  return ordered;
}

/**
 * Rows of a table that references itself (a stock reversal names the entry it reverses) come
 * after the rows they point at: those pointing at none first. One level is all the schema has (a
 * reversal is never reversed); a deeper chain would fail the restore loudly, never silently.
 */
export async function rowOrder(db: DbOrTx, table: string) {
  const selfKeys = await selectRows<{ columns: string[] }>(
    db,
    sql`select array(select a.attname::text from unnest(k.conkey) as c(n)
                     join pg_attribute a on a.attrelid = k.conrelid and a.attnum = c.n) as columns
        from pg_constraint k join pg_class t on t.oid = k.conrelid
        join pg_namespace n on n.oid = t.relnamespace
        where k.contype = 'f' and k.conrelid = k.confrelid and n.nspname = 'public'
          and t.relname = ${table}`,
  );
  if (selfKeys.length === 0) return sql``;
  const pointsNowhere = selfKeys.map(
    ({ columns }) =>
      sql`(${sql.join(
        columns.map((column) => sql`${sql.identifier(column)} is null`),
        sql` or `,
      )})`,
  );
  return sql`order by ${sql.join(pointsNowhere, sql` and `)} desc`;
}
