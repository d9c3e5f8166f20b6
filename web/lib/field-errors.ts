/** zod issues as { field: first message }, the shape the API's `fields` also has. */
export function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join('.') || 'form'] ??= issue.message;
  return errors;
}
