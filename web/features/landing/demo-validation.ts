import { DEMO_FIELDS, type DemoFieldErrors, type DemoRequestBody } from './demo-request';

// The form is checked with the server's own zod schema. zod is about a quarter of the landing
// page's JavaScript, so it is fetched when the demo modal opens instead of with the page.
let schemaModule: Promise<typeof import('../../../shared/schemas/demo-requests.schemas')> | null =
  null;

/** Starts loading the schema; call when the form is about to be used. */
export function preloadDemoValidation() {
  schemaModule ??= import('../../../shared/schemas/demo-requests.schemas');
  // A failed load is retried on the next call instead of being cached.
  schemaModule.catch(() => {
    schemaModule = null;
  });
  return schemaModule;
}

/** The first message per field, exactly as the server would answer it. */
export async function validateDemoRequest(body: DemoRequestBody): Promise<DemoFieldErrors> {
  const { demoRequestBodySchema } = await preloadDemoValidation();
  const parsed = demoRequestBodySchema.safeParse(body);
  const errors: DemoFieldErrors = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = DEMO_FIELDS.find((name) => name === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
