import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { duesQuerySchema, duesReportSchema } from '../../../shared/schemas/payments-report.schemas';
import { errorResponses } from '../../lib/route-errors';
import { branchIdOf } from '../../plugins/auth';
import { duesReport } from './dues.usecases';

/**
 * The Dues report. Staff settle dues, so it needs `dues.settle`, not `reports.view`
 * (shared/permissions.ts); settling is billing's `POST /api/bills/:id/settlement`.
 */
export const duesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  app.get(
    '/reports/dues',
    {
      config: { access: 'dues.settle' },
      schema: {
        tags: ['reports'],
        summary:
          'A page of the Due bills (search: table, method, responsible), the total outstanding, and who owes how much since when',
        querystring: duesQuerySchema,
        response: { 200: duesReportSchema, ...errorResponses() },
      },
    },
    async (request) => duesReport({ db, branchId: branchIdOf(request), ...request.query }),
  );
};
