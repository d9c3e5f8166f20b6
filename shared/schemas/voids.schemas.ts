import { z } from 'zod';
import { pinSchema, requiredText, safeString } from './common.schemas';
import { dateRangeQuerySchema, pageQuerySchema, pagedSchema } from './reports.schemas';
import { tableOrderSchema } from './tables.schemas';

/**
 * Voids (docs/kitchen.md, "Voids"): an item taken off a table's order after the kitchen was sent
 * it, approved on the same device by a manager's PIN, with a reason from the branch's list.
 */

/** The most of one line a void takes off at once (a line's quantity never comes near it). */
export const MAX_VOID_QUANTITY = 10_000;
/** The longest reason (the branch's list is of short sentences). */
export const MAX_VOID_REASON = 100;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** PUT /api/voids/pin: the signed-in manager sets (or changes) their own PIN with their password. */
export const pinBodySchema = z.object({
  currentPassword: safeString('Current password').min(1, 'Current password is required').max(200),
  pin: pinSchema,
});
export type PinBody = z.input<typeof pinBodySchema>;

/** POST /api/tables/:tableId/voids: take `quantity` of a sent line off, with a manager's PIN. */
export const voidBodySchema = z.object({
  /** Made on the device (UUID v7): a retry answers the void it made. */
  opId: z.uuid({
    error: (issue) => (issue.input === undefined ? 'Operation id is required' : 'Enter a valid id'),
  }),
  /** The order line's key (`key` of the order's line). */
  lineKey: requiredText('Item', 4000),
  quantity: z
    .number({ error: 'Quantity is required' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_VOID_QUANTITY, `Quantity must be at most ${MAX_VOID_QUANTITY}`),
  reason: requiredText('Reason', MAX_VOID_REASON),
  managerId: z.uuid({
    error: (issue) => (issue.input === undefined ? 'Choose the manager' : 'Enter a valid id'),
  }),
  pin: pinSchema,
});
export type VoidBody = z.input<typeof voidBodySchema>;

/** GET /api/reports/voids.csv?from&to: every void of the range. */
export const voidsReportFilterSchema = dateRangeQuerySchema;
/** GET /api/reports/voids?from&to&page&pageSize. */
export const voidsReportQuerySchema = dateRangeQuerySchema.safeExtend(pageQuerySchema.shape);
export type VoidsReportQuery = z.output<typeof voidsReportQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** GET /api/voids/pin: whether the signed-in manager has a PIN, since when. */
export const pinStatusSchema = z.object({
  set: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type PinStatus = z.infer<typeof pinStatusSchema>;

/**
 * GET /api/voids/approvers: what the approval dialog offers: the branch's managers who may
 * approve (they have a PIN), by name, and the branch's void reasons.
 */
export const approverListSchema = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string() })),
  reasons: z.array(z.string()),
});
export type ApproverList = z.infer<typeof approverListSchema>;

const paise = z.number().int();

/** A void as recorded: the item, how many, what they were worth, who asked, who approved, why. */
export const voidSchema = z.object({
  id: z.string(),
  tableId: z.string(),
  tableLabel: z.string(),
  /** The KOT that told the kitchen (its CANCELLED item). */
  kotId: z.string().nullable(),
  productId: z.string(),
  lineKey: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unitPricePaise: paise,
  /** unitPricePaise × quantity. */
  valuePaise: paise,
  reason: z.string(),
  requestedByName: z.string(),
  approvedByName: z.string(),
  businessDate: z.string().describe('YYYY-MM-DD, a business day of the branch'),
  createdAt: z.string(),
});
export type VoidRecord = z.infer<typeof voidSchema>;

/** The answer of a void: the void and the table's order after it. */
export const voidAnswerSchema = z.object({ void: voidSchema, order: tableOrderSchema });
export type VoidAnswer = z.infer<typeof voidAnswerSchema>;

/** How many voids, of how many items, worth how much. */
const voidTotalsShape = {
  voids: z.number().int(),
  quantity: z.number().int(),
  valuePaise: paise,
};
export const voidTotalsSchema = z.object(voidTotalsShape);
/** The void report: totals, by day, by who asked, by who approved, by reason, and a page of voids. */
export const voidsReportSchema = pagedSchema(voidSchema).extend({
  from: z.string(),
  to: z.string(),
  totals: voidTotalsSchema,
  byDay: z.array(z.object({ date: z.string(), ...voidTotalsShape })),
  byRequester: z.array(z.object({ name: z.string(), ...voidTotalsShape })),
  byApprover: z.array(z.object({ name: z.string(), ...voidTotalsShape })),
  byReason: z.array(z.object({ reason: z.string(), ...voidTotalsShape })),
});
export type VoidsReport = z.infer<typeof voidsReportSchema>;
