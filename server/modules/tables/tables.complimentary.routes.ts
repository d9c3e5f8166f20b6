import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { can } from '../../../shared/permissions';
import {
  complimentaryAnswerSchema,
  complimentaryBodySchema,
} from '../../../shared/schemas/complimentary.schemas';
import { tableIdParam } from '../../../shared/schemas/tables.schemas';
import { errorResponses } from '../../lib/route-errors';
import { actorOf, authOf } from '../../plugins/auth';
import { markComplimentary } from './tables.complimentary.usecases';

/** POST /api/tables/:tableId/complimentary (docs/complimentary.md). */
export const complimentaryLineRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock, mailer } = app.deps;
  app.post(
    '/tables/:tableId/complimentary',
    {
      config: { access: 'tables.use' },
      schema: {
        tags: ['tables'],
        summary:
          "Mark items of a table's order complimentary (or charged again), with a reason, exactly once per opId; staff above the branch's limit send a manager's PIN",
        params: tableIdParam,
        body: complimentaryBodySchema,
        response: { 200: complimentaryAnswerSchema, ...errorResponses(403, 404, 409, 429) },
      },
    },
    async (request) =>
      markComplimentary({
        db: database.db,
        clock,
        ...actorOf(request),
        sessionId: authOf(request).sessionId,
        mailer,
        mayApprove: can(authOf(request).user.role, 'voids.approve'),
        tableId: request.params.tableId,
        body: request.body,
      }),
  );
};
