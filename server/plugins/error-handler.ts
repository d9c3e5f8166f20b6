import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';
import { dayClosedOf } from '../modules/cash/cash.errors';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const body = (code: string, message: string, fields?: Record<string, string>): ErrorBody => ({
  error: fields ? { code, message, fields } : { code, message },
});

/** Field path of a zod issue as the client named it ('email', 'lines.0.quantity'). */
function fieldName(instancePath: string, params: Record<string, unknown> | undefined): string {
  const fromPath = instancePath.replace(/^\//, '').replaceAll('/', '.');
  const issue = params?.issue as { path?: PropertyKey[] } | undefined;
  return fromPath || (issue?.path ?? []).map(String).join('.') || 'body';
}

/**
 * One place turns every failure into `{ error: { code, message, fields? } }`.
 * A 5xx never shows internals: the log has them, the user gets a short sentence.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A route may have set up another answer before it failed (a CSV download whose rows
    // failed before the first byte left): the error is JSON, never a file to save.
    reply.removeHeader('content-disposition');
    reply.type('application/json; charset=utf-8');
    // A write the database refused because its business day is closed (docs/cash.md), from
    // whichever route: a payment, a settlement, a cancellation, a shift or a cash entry.
    const known = error instanceof AppError ? error : dayClosedOf(error);
    if (known) {
      return reply.status(known.statusCode).send(body(known.code, known.message, known.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath, issue.params);
        fields[name] ??= issue.message ?? 'Invalid value';
      }
      // The first field's message, as is: it names the field in words ('Email is required');
      // `fields` says which input it belongs to.
      const message = Object.values(fields)[0] ?? 'The request is not valid.';
      return reply.status(400).send(body('validation_failed', message, fields));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(body('internal', 'Something went wrong on our side.'));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send(
          body('too_many_requests', 'Too many attempts. Please wait a few minutes and try again.'),
        );
    }
    if (status === 413) {
      return reply.status(413).send(body('payload_too_large', 'The request is too large.'));
    }
    if (status === 415) {
      return reply.status(415).send(body('unsupported_media_type', 'Send the request as JSON.'));
    }
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is not valid JSON.'
          : error.message;
      return reply.status(status).send(body(error.code?.toLowerCase() ?? 'bad_request', message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send(body('internal', 'Something went wrong on our side. Please try again.'));
  });
}
