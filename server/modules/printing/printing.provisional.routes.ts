import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { provisionalPrintBodySchema } from '../../../shared/schemas/bill-print.schemas';
import { provisionalPrintAnswerSchema } from '../../../shared/schemas/printing.schemas';
import { tableIdParam } from '../../../shared/schemas/tables.schemas';
import { errorResponses } from '../../lib/route-errors';
import { actorOf } from '../../plugins/auth';
import { printProvisionalBill } from './printing.provisional.usecases';

/** POST /api/tables/:tableId/provisional-bill/print: the bill on paper before payment. */
export const provisionalPrintRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock } = app.deps;
  app.post(
    '/tables/:tableId/provisional-bill/print',
    {
      config: { access: 'tables.use', keepsSessions: true },
      schema: {
        tags: ['printing'],
        summary:
          "Print a table's provisional bill (not a tax invoice, with the UPI QR of its total) on the branch's network bill printers, or on this device's printer (its bytes in the answer); reprints are numbered",
        params: tableIdParam,
        body: provisionalPrintBodySchema,
        response: { 201: provisionalPrintAnswerSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const answer = await printProvisionalBill({
        db: database.db,
        clock,
        ...actorOf(request),
        tableId: request.params.tableId,
        ...request.body,
      });
      return reply.status(201).send(answer);
    },
  );
};
