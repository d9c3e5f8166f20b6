import { z } from 'zod';
import { STORED_UNITS, type StoredUnit } from '../../../shared/units';
import type { StockSubmissionBody } from '../../../shared/schemas/inventory.schemas';

/**
 * 'Stock Entries to Submit': the queued lines and the one idempotency key of their
 * submission. Kept in localStorage per branch and user, so a reload (or a closed tab) loses
 * nothing, and a retry after a lost answer sends the same key (the server applies it once).
 */

const queuedEntrySchema = z.object({
  /** This line's own id on the device (list key, removal). */
  id: z.string().min(1),
  vendorId: z.string().min(1),
  vendorName: z.string(),
  invoiceDate: z.string(),
  invoiceNumber: z.string().optional(),
  ingredientId: z.string().min(1),
  ingredientName: z.string(),
  category: z.string(),
  /** Integer in the item's stored unit (what was typed in kg or L, × 1000). */
  quantity: z.number().int().positive(),
  unit: z.enum(STORED_UNITS),
  pricePaise: z.number().int().nonnegative(),
});
export type QueuedEntry = z.infer<typeof queuedEntrySchema>;

const stockQueueSchema = z.object({
  entries: z.array(queuedEntrySchema),
  /** Made when the queue is first submitted; kept until the submission succeeds. */
  idempotencyKey: z.string().nullable(),
});
export type StockQueue = z.infer<typeof stockQueueSchema>;

export const EMPTY_QUEUE: StockQueue = { entries: [], idempotencyKey: null };

export const stockQueueStorageKey = (branchId: string, userId: string) =>
  `tableflow:stock-queue:${branchId}:${userId}`;

/** The stored queue, or an empty one when nothing (or something unreadable) is stored. */
export function parseStoredQueue(text: string | null): StockQueue {
  if (!text) return EMPTY_QUEUE;
  try {
    const parsed = stockQueueSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : EMPTY_QUEUE;
  } catch {
    return EMPTY_QUEUE;
  }
}

/** What is queued for `ingredientId` so far, in its stored unit. */
export const queuedQuantity = (entries: readonly QueuedEntry[], ingredientId: string) =>
  entries.reduce(
    (sum, entry) => (entry.ingredientId === ingredientId ? sum + entry.quantity : sum),
    0,
  );

/** The request of 'Submit All Stock Entries': quantities already whole in the stored unit. */
export function submissionBody(
  entries: readonly QueuedEntry[],
  idempotencyKey: string,
): StockSubmissionBody {
  return {
    idempotencyKey,
    entries: entries.map((entry) => ({
      vendorId: entry.vendorId,
      invoiceDate: entry.invoiceDate,
      invoiceNumber: entry.invoiceNumber,
      ingredientId: entry.ingredientId,
      quantity: entry.quantity,
      unit: entry.unit satisfies StoredUnit,
      pricePaise: entry.pricePaise,
    })),
  };
}
