import { z } from 'zod';
import { MESSAGES } from '../messages';
import { safeString, shiftHintSchema } from './common.schemas';

/**
 * Cancelling a bill (docs/gst.md, "Cancelling a bill"): a manager gives a reason, one of
 * CANCEL_REASONS or typed.
 */

/** The reasons offered in the cancel dialog (a typed reason is taken too). */
export const CANCEL_REASONS = [
  'Wrong items billed',
  'Guest left without eating',
  'Duplicate bill',
  'Payment failed',
  'Billed to the wrong table',
] as const;

export const MIN_CANCEL_REASON = 3;
export const MAX_CANCEL_REASON = 200;

const LABEL = 'Reason';
const { required, tooLong } = MESSAGES.validation;

export const CANCEL_TEXT = {
  tooShort: `${LABEL} must be at least ${MIN_CANCEL_REASON} characters`,
} as const;

/** POST /api/bills/:id/cancel: why the bill is cancelled (a listed reason or a typed one). */
export const cancelBillBodySchema = z.object({
  reason: safeString(LABEL)
    .trim()
    .min(1, { error: required(LABEL), abort: true })
    .min(MIN_CANCEL_REASON, { error: CANCEL_TEXT.tooShort })
    .max(MAX_CANCEL_REASON, { error: tooLong(LABEL, MAX_CANCEL_REASON) }),
  shiftId: shiftHintSchema,
});
export type CancelBillBody = z.input<typeof cancelBillBodySchema>;
