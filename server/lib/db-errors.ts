/** The constraint an error of SQLSTATE `code` hit, looking through driver wrappers. */
function violated(error: unknown, code: string): string | null {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e;) {
    if (e.code === code) return e.constraint ?? 'unknown';
    e = e.cause as typeof e;
  }
  return null;
}

/**
 * The DETAIL of an exception a database function raised as `RAISE EXCEPTION '<message>' USING
 * DETAIL = …` (SQLSTATE P0001), looking through driver wrappers; null for any other error.
 */
export function raisedDetail(error: unknown, message: string): string | null {
  for (
    let e = error as
      { code?: string; message?: string; detail?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === 'P0001' && e.message === message && e.detail) return e.detail;
  }
  return null;
}

/** The constraint a unique violation (SQLSTATE 23505) hit. */
export const uniqueViolation = (error: unknown) => violated(error, '23505');

/** The constraint a check violation (SQLSTATE 23514) hit. */
export const checkViolation = (error: unknown) => violated(error, '23514');

/** Properties of database errors that can hold row values (an argon2 hash, a reset token hash). */
const VALUE_BEARING_KEYS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery']);
const PARAMS_IN_MESSAGE = /\nparams: [\s\S]*?(?=\n {4}at |$)/;
/** PostgreSQL quotes the offending value in some messages ('invalid input syntax …: "…"'). */
const QUOTED = /"(?:[^"\\]|\\.)*"/g;
const isDatabaseError = (error: Error) =>
  /^[0-9A-Z]{5}$/.test(String((error as { code?: unknown }).code));

/**
 * The error as it may be logged: a failed query's parameters (drizzle puts them in the
 * message and in `params`, the driver in `detail`, PostgreSQL quotes them in some messages)
 * are dropped, along the whole cause chain. The query text, SQLSTATE and constraint stay.
 */
export function withoutQueryValues(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const cause = error.cause === undefined ? undefined : withoutQueryValues(error.cause);
  const redact = (text: string) => {
    const withoutParams = text.replace(PARAMS_IN_MESSAGE, '');
    return isDatabaseError(error) ? withoutParams.replace(QUOTED, '"…"') : withoutParams;
  };
  const carriesValues =
    redact(error.message) !== error.message ||
    Object.keys(error).some((key) => VALUE_BEARING_KEYS.has(key));
  if (!carriesValues && cause === error.cause) return error;
  const copy = new Error(redact(error.message), { cause });
  copy.name = error.name;
  copy.stack = error.stack && redact(error.stack);
  for (const [key, value] of Object.entries(error)) {
    if (!VALUE_BEARING_KEYS.has(key) && key !== 'cause') Object.assign(copy, { [key]: value });
  }
  return copy;
}
