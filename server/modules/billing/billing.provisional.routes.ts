import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  provisionalBillQuerySchema,
  provisionalBillSchema,
} from '../../../shared/schemas/bill-print.schemas';
import { tableIdParam } from '../../../shared/schemas/tables.schemas';
import { errorResponses } from '../../lib/route-errors';
import { branchOf } from '../../plugins/auth';
import { provisionalBill } from './billing.provisional.usecases';

/** GET /api/tables/:tableId/provisional-bill: the bill a guest asks for before paying. */
export const provisionalBillRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock } = app.deps;
  app.get(
    '/tables/:tableId/provisional-bill',
    {
      config: { access: 'tables.use' },
      schema: {
        tags: ['billing'],
        summary:
          "A table's provisional bill: its order now worked out with the branch's current tax profile (every figure of the tax invoice, no number, nothing recorded); 400 for an empty table",
        params: tableIdParam,
        querystring: provisionalBillQuerySchema,
        response: { 200: provisionalBillSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      provisionalBill({
        db: database.db,
        clock,
        ...branchOf(request),
        tableId: request.params.tableId,
        ...request.query,
      }),
  );
};
