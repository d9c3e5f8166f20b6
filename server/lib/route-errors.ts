import { errorBodySchema } from '../../shared/schemas/common.schemas';

type ErrorStatus = 400 | 401 | 403 | 404 | 406 | 409 | 413 | 422 | 429;

/**
 * The error answers a route declares in its response schema (the zod type provider refuses to
 * send a status that is not declared). Guarded routes get 400, 401 and 403 always:
 * `errorResponses(404, 409)`.
 */
export function errorResponses<S extends ErrorStatus>(
  ...extra: S[]
): Record<400 | 401 | 403 | S, typeof errorBodySchema> {
  const statuses: ErrorStatus[] = [400, 401, 403, ...extra];
  return Object.fromEntries(statuses.map((s) => [s, errorBodySchema])) as Record<
    400 | 401 | 403 | S,
    typeof errorBodySchema
  >;
}
