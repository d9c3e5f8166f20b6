// Sends the demo form to our own API. The answer is reduced to what the form needs to show.
import type { PricingPlanId } from '../../../shared/plans';

export type DemoField = 'name' | 'businessName' | 'contactNumber' | 'email';
export type DemoFieldErrors = Partial<Record<DemoField, string>>;
export type DemoRequestBody = Record<DemoField, string> & {
  website: string;
  /** The pricing plan whose 'Buy Now' opened the form; absent for a free demo. */
  plan?: PricingPlanId;
};

/** A refusal: messages for fields, and the server's own sentence when it gave one (a limit). */
export type DemoRequestResult =
  { ok: true } | { ok: false; fieldErrors: DemoFieldErrors; message: string | null };

export const DEMO_FIELDS: ReadonlyArray<DemoField> = [
  'name',
  'businessName',
  'contactNumber',
  'email',
];

function isDemoField(key: string): key is DemoField {
  return (DEMO_FIELDS as ReadonlyArray<string>).includes(key);
}

/** Picks the messages of our four fields out of a `{ error: { fields } }` answer. */
export function fieldErrorsFrom(body: unknown): DemoFieldErrors {
  const fields = (body as { error?: { fields?: unknown } } | null)?.error?.fields;
  const errors: DemoFieldErrors = {};
  if (fields && typeof fields === 'object') {
    for (const [key, message] of Object.entries(fields)) {
      if (isDemoField(key) && typeof message === 'string') errors[key] = message;
    }
  }
  return errors;
}

export async function sendDemoRequest(body: DemoRequestBody): Promise<DemoRequestResult> {
  try {
    const response = await fetch('/api/demo-requests', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.ok) return { ok: true };
    const answer: unknown = await response.json().catch(() => null);
    // Too many requests from this network: the server's plain sentence says what to do.
    const message =
      response.status === 429
        ? ((answer as { error?: { message?: string } } | null)?.error?.message ?? null)
        : null;
    return { ok: false, fieldErrors: fieldErrorsFrom(answer), message };
  } catch {
    // Network error: the caller shows the same line as for a failed request.
    return { ok: false, fieldErrors: {}, message: null };
  }
}
