import { z } from 'zod';
import { tableOrderSchema } from './tables.schemas';

/**
 * The floor (docs/kitchen.md, "Move, merge, split"): moving a table's order to a free table and
 * merging it into another table's. Splitting a bill by items is the payment's `lines`
 * (shared/schemas/billing.schemas.ts).
 */

const opIdSchema = z.uuid({
  error: (issue) => (issue.input === undefined ? 'Operation id is required' : 'Enter a valid id'),
});

const tableIdOf = (required: string) =>
  z.uuid({ error: (issue) => (issue.input === undefined ? required : 'Enter a valid id') });

/** POST /api/tables/:tableId/move: the order goes to the free table `toTableId`. */
export const moveBodySchema = z.object({
  /** Made on the device once per move: a retry with it changes nothing. */
  opId: opIdSchema,
  toTableId: tableIdOf('Choose the table to move to'),
});
export type MoveBody = z.input<typeof moveBodySchema>;

/** POST /api/tables/:tableId/merge: the order joins the order of `intoTableId`. */
export const mergeBodySchema = z.object({
  opId: opIdSchema,
  intoTableId: tableIdOf('Choose the table to merge into'),
});
export type MergeBody = z.input<typeof mergeBodySchema>;

/** The answer of a move or a merge: both tables' orders after it (the source's is empty). */
export const floorChangeSchema = z.object({
  from: tableOrderSchema,
  to: tableOrderSchema,
});
export type FloorChange = z.infer<typeof floorChangeSchema>;
