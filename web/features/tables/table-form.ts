import { tableBodySchema } from '../../../shared/schemas/tables.schemas';
import { ApiError } from '../../lib/api';

/** The 'Table Number / Counter Number' field checked with the server's own schema (same messages). */
export function validateLabel(label: string): string | null {
  const result = tableBodySchema.shape.label.safeParse(label);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/**
 * A table form's `{ onSuccess, onError }` (from formFeedback) where a conflict (a number the
 * branch already has) is said under the field even when the server names no field.
 */
export function tableFormFeedback<T>(
  feedback: { onSuccess: (result: T) => void; onError: (error: unknown) => void },
  setErrors: (errors: Record<string, string>) => void,
) {
  return {
    onSuccess: feedback.onSuccess,
    onError: (error: unknown) => {
      if (error instanceof ApiError && error.status === 409 && !error.fields?.label) {
        setErrors({ label: error.message });
        return;
      }
      feedback.onError(error);
    },
  };
}
