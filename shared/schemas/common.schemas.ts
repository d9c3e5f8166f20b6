import { z } from 'zod';

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

/** Path parameters `{ id }` of routes like /api/products/:id. */
export const uuidParam = z.object({ id: uuidSchema });
export type UuidParam = z.infer<typeof uuidParam>;
