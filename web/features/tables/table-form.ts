import { tableBodySchema } from '../../../shared/schemas/tables.schemas';

/** The 'Table Number / Counter Number' field checked with the server's own schema (same messages). */
export function validateLabel(label: string): string | null {
  const result = tableBodySchema.shape.label.safeParse(label);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
