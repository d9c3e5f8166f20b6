import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, as a plain object. Helmet is Express middleware that
 * sets the same headers on every response; run once here on a stand-in response, its result is
 * set on each answer with `reply.headers` (@fastify/helmet built the middleware again on every
 * request: about a twentieth of a counter tap's server time).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  let done = false;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
      done = true;
    },
  );
  // Options that depend on the request (a nonce function) would not finish here.
  if (!done)
    throw new Error('helmet did not finish synchronously: its options depend on the request');
  return headers;
}
