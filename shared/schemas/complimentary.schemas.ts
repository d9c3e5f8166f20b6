import { z } from 'zod';
import {
  MAX_COMPLIMENTARY_LIMIT_PAISE,
  MAX_COMPLIMENTARY_REASON,
  MAX_COMPLIMENTARY_REASONS,
} from '../complimentary';
import { pinSchema, reasonListSchema, requiredText } from './common.schemas';
import { dateRangeQuerySchema } from './reports.schemas';
import { tableOrderSchema } from './tables.schemas';

/**
 * Complimentary items (docs/complimentary.md): the branch's reasons and approval limit, marking
 * items of an open order complimentary, and the report of what was given.
 */

/** GET and PUT /api/complimentary/settings. */
export const complimentarySettingsSchema = z.object({
  reasons: reasonListSchema(
    { one: 'Reason', list: 'Reasons' },
    { most: MAX_COMPLIMENTARY_REASONS, longest: MAX_COMPLIMENTARY_REASON },
  ),
  /** Menu value of an order's complimentary items above which staff need a manager's PIN. */
  limitPaise: z
    .number({ error: 'Limit is required' })
    .int('Limit must be whole paise')
    .min(0, 'Limit must not be negative')
    .max(MAX_COMPLIMENTARY_LIMIT_PAISE, 'Limit must be at most ₹1,00,000'),
});
export type ComplimentarySettings = z.infer<typeof complimentarySettingsSchema>;

/** The most lines one request marks (an order's lines never come near it). */
export const MAX_COMPLIMENTARY_LINES = 500;

/**
 * POST /api/tables/:tableId/complimentary: how many of each named line are complimentary now (0:
 * none; at most the line's quantity), with a reason from the branch's list, exactly once per
 * `opId`. Staff above the branch's limit send a manager's approval (managerId, pin).
 */
export const complimentaryBodySchema = z
  .object({
    opId: z.uuid({
      error: (issue) =>
        issue.input === undefined ? 'Operation id is required' : 'Enter a valid id',
    }),
    lines: z
      .array(
        z.object({
          key: requiredText('Item', 4000),
          quantity: z
            .number({ error: 'Quantity is required' })
            .int('Quantity must be a whole number')
            .min(0, 'Quantity must not be negative')
            .max(100_000, 'Quantity must be at most 100000'),
        }),
        { error: 'Lines must be a list' },
      )
      .min(1, 'Choose at least one item')
      .max(MAX_COMPLIMENTARY_LINES, `At most ${MAX_COMPLIMENTARY_LINES} items at once`),
    reason: requiredText('Reason', MAX_COMPLIMENTARY_REASON).optional(),
    managerId: z.uuid({ error: 'Choose the manager' }).optional(),
    pin: pinSchema.optional(),
  })
  .refine((body) => body.reason !== undefined || body.lines.every((line) => line.quantity === 0), {
    error: 'Choose a reason',
    path: ['reason'],
  })
  .refine((body) => (body.managerId === undefined) === (body.pin === undefined), {
    error: 'Choose the manager and enter their PIN',
    path: ['pin'],
  });
export type ComplimentaryBody = z.input<typeof complimentaryBodySchema>;

/** The answer: the table's order after the change. */
export const complimentaryAnswerSchema = tableOrderSchema;

/** GET /api/reports/complimentary?from&to. */
export const complimentaryReportQuerySchema = dateRangeQuerySchema;

/** What was given for one reason by one person (and approved by one manager) over the range. */
export const complimentaryRowSchema = z.object({
  reason: z.string(),
  /** Who marked it; null when that account is gone. */
  by: z.string().nullable(),
  /** The manager who approved it; null when none was needed. */
  approvedBy: z.string().nullable(),
  items: z.number().int(),
  /** At the menu's prices. */
  valuePaise: z.number().int(),
  bills: z.number().int(),
});

export const complimentaryReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(complimentaryRowSchema),
  items: z.number().int(),
  valuePaise: z.number().int(),
});
export type ComplimentaryReport = z.infer<typeof complimentaryReportSchema>;
