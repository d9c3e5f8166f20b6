import { z } from 'zod';
import { PIN_PATTERN } from '../kitchen';
import { MESSAGES } from '../messages';

/**
 * The body of every 4xx/5xx answer of the API:
 * `{ error: { code: 'VALIDATION_FAILED', message: 'Name is required',
 *   fields: { name: 'Name is required' } } }`.
 * `code` is stable and for programs; `message` is a short human sentence to show as is;
 * `fields` (validation errors only) maps a field name (a dotted path for nested fields,
 * e.g. 'ingredients.0.quantityUsed') to the message for that field.
 */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** A UUID (the API's ids are UUID v7). */
export const uuidSchema = z.uuid({ error: 'Enter a valid id' });

/**
 * The cash drawer shift a device works at (docs/cash.md), sent with payments, settlements and
 * cancellations: cash goes into that shift when it is open.
 */
export const shiftHintSchema = z.uuid({ error: 'Shift must be a valid id' }).nullish();

/** Path parameters `{ id }` of routes like /api/products/:id. */
export const uuidParam = z.object({ id: uuidSchema });
export type UuidParam = z.infer<typeof uuidParam>;

const { required, tooLong, controlCharacters, brokenText } = MESSAGES.validation;

/**
 * Control characters (C0, DEL, C1); multi-line text may hold tab, newline and carriage return.
 * With them: the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069),
 * which make a name show reversed or out of order on a bill, a KOT or a list (a right-to-left
 * override is the classic spoof), and the line and paragraph separators (U+2028, U+2029), which
 * break a line where no newline is allowed. The directional ones are Unicode's "explicit
 * directional formatting characters" (UAX #9, https://www.unicode.org/reports/tr9/, section
 * 2); U+2028/U+2029 are the categories Zl and Zp. The marks U+200E/U+200F stay allowed: they only
 * set a direction, and names in Urdu or Arabic may need them.
 */
const INVISIBLE_FORMATTING = '\u202A-\u202E\u2066-\u2069\u2028\u2029';
const SINGLE_LINE_CONTROLS = new RegExp(`[\\p{Cc}${INVISIBLE_FORMATTING}]`, 'u');
const MULTI_LINE_CONTROLS = new RegExp(`[^\\P{Cc}\\t\\n\\r]|[${INVISIBLE_FORMATTING}]`, 'u');
/** Half of a surrogate pair on its own: JSON can carry it, UTF-8 (and the database) cannot. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * A string without control characters (a NUL would fail in the database): every text field of
 * the API is built from this, so each one refuses them with a 400 that names the field.
 */
export function safeString(label: string, { multiline = false } = {}) {
  const controls = multiline ? MULTI_LINE_CONTROLS : SINGLE_LINE_CONTROLS;
  return z
    .string({ error: required(label) })
    .refine((value) => !controls.test(value), { error: controlCharacters(label), abort: true })
    .refine((value) => !LONE_SURROGATE.test(value), { error: brokenText(label), abort: true });
}

/** Trimmed text that must not be blank, at most `max` characters; messages name the field. */
export function requiredText(label: string, max: number, options: { multiline?: boolean } = {}) {
  return safeString(label, options)
    .trim()
    .min(1, { error: required(label), abort: true })
    .max(max, { error: tooLong(label, max) });
}

/** Free-text search of a list (branches, demo requests, staff). */
export const searchText = safeString('Search').trim().max(100, tooLong('Search', 100)).optional();
export const searchQuerySchema = z.object({ search: searchText });

/** A manager's approval PIN as typed: 4 to 6 digits (PIN_PATTERN). */
export const pinSchema = safeString('PIN').regex(PIN_PATTERN, 'PIN must be 4 to 6 digits');

/**
 * A branch's list of reasons (void reasons, complimentary reasons): 1 to `most` short texts, each
 * once whatever its case ('Staff meal' and 'staff meal' are one).
 */
export function reasonListSchema(
  label: { one: string; list: string },
  { most, longest }: { most: number; longest: number },
) {
  return z
    .array(requiredText(label.one, longest), { error: `${label.list} must be a list` })
    .min(1, `Give at least one ${label.one.toLowerCase()}`)
    .max(most, `At most ${most} ${label.list.toLowerCase()}`)
    .superRefine((reasons, ctx) => {
      const seen = new Set<string>();
      reasons.forEach((reason, index) => {
        if (seen.has(reason.toLowerCase())) {
          ctx.addIssue({
            code: 'custom',
            message: `${reason} is in the list twice`,
            path: [index],
          });
        }
        seen.add(reason.toLowerCase());
      });
    });
}
