import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { LineAddon } from '../../../shared/menu';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../lib/sql';

/**
 * The KOT that tells the kitchen of a void at once: reason 'void', one CANCELLED item (a
 * snapshot of the line, the quantity taken off), written by the kitchen's `write_kot`
 * (server/modules/kitchen/kitchen.functions.sql: numbered per day, routed to the line's
 * station, `kitchen.changed` on commit). The caller holds the table's row lock and has changed
 * the line. Its op id is the server's own (a void is made once by the void's id, not the KOT's).
 * Answers the KOT's id.
 */
export async function writeVoidKot(
  tx: DbOrTx,
  kot: {
    branchId: string;
    tableId: string;
    userId: string;
    at: Date;
    businessDate: string;
    item: {
      lineKey: string;
      productId: string;
      name: string;
      variantName: string | null;
      addons: LineAddon[];
      note: string;
      quantity: number;
    };
  },
): Promise<string | null> {
  const items = JSON.stringify([{ ...kot.item, cancelled: true }]);
  const result = await tx.execute(
    sql`select write_kot(${kot.branchId}::uuid, ${kot.tableId}::uuid, ${uuidv7()}::uuid, 'void',
      ${items}::json, ${kot.userId}::uuid, ${kot.businessDate}::date,
      ${kot.at.toISOString()}::timestamptz) as id`,
  );
  return rowsOf<{ id: string | null }>(result)[0]?.id ?? null;
}
