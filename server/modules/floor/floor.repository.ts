import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export type FloorChangeStatus =
  | 'done'
  | 'replayed'
  | 'table_not_found'
  | 'target_not_found'
  | 'source_empty'
  | 'target_not_empty'
  | 'order_too_large';

export interface FloorChangeOutcome {
  status: FloorChangeStatus;
  fromLabel: string | null;
  toLabel: string | null;
  linesMoved: number;
  kotsMoved: number;
}

/** `floor_change_tables` (floor.functions.sql) in the caller's transaction. */
export async function changeTables(
  tx: DbOrTx,
  p: {
    branchId: string;
    kind: 'move' | 'merge';
    fromId: string;
    toId: string;
    opId: string;
    at: Date;
    maxTotal: number;
    maxGuests: number;
  },
): Promise<FloorChangeOutcome> {
  const result = await tx.execute(sql`select status, from_label, to_label, lines_moved, kots_moved
    from floor_change_tables(${p.branchId}::uuid, ${p.kind}::text, ${p.fromId}::uuid,
      ${p.toId}::uuid, ${p.opId}::uuid, ${p.at.toISOString()}::timestamptz,
      ${p.maxTotal}::bigint, ${p.maxGuests}::integer)`);
  const row = (
    result as unknown as {
      rows: {
        status: FloorChangeStatus;
        from_label: string | null;
        to_label: string | null;
        lines_moved: number;
        kots_moved: number;
      }[];
    }
  ).rows[0]!;
  return {
    status: row.status,
    fromLabel: row.from_label,
    toLabel: row.to_label,
    linesMoved: Number(row.lines_moved),
    kotsMoved: Number(row.kots_moved),
  };
}
