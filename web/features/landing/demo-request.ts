// Sends the demo form to our own API. The answer is reduced to what the form needs to show.

export type DemoField = 'name' | 'businessName' | 'contactNumber' | 'email';
export type DemoFieldErrors = Partial<Record<DemoField, string>>;
export type DemoRequestBody = Record<DemoField, string> & { website: string };

export type DemoRequestResult = { ok: true } | { ok: false; fieldErrors: DemoFieldErrors };

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
    const answer: unknown =
      response.status === 400 ? await response.json().catch(() => null) : null;
    return { ok: false, fieldErrors: fieldErrorsFrom(answer) };
  } catch {
    // Network error: the caller shows the same line as for a failed request.
    return { ok: false, fieldErrors: {} };
  }
}
