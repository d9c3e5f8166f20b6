import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billSchema } from '../../../shared/schemas/billing.schemas';
import { cancelBillBodySchema } from '../../../shared/schemas/cancel.schemas';
import { uuidParam } from '../../../shared/schemas/common.schemas';
import { errorResponses } from '../../lib/route-errors';
import { actorOf } from '../../plugins/auth';
import { cancelBill } from './billing.cancel.usecases';

/** Cancelling a bill (docs/gst.md, "Cancelling a bill"): managers only. */
export const billCancelRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock } = app.deps;
  const db = database.db;
  app.post(
    '/bills/:id/cancel',
    {
      config: { access: 'bills.cancel' },
      schema: {
        tags: ['billing'],
        summary:
          'Cancel a paid or due bill with a reason: it keeps its number, its money is refunded by method, its ingredients return to stock, it leaves the sales figures (the same reason again answers the cancelled bill)',
        params: uuidParam,
        body: cancelBillBodySchema,
        response: { 200: billSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const { bill } = await cancelBill({
        db,
        clock,
        ...actorOf(request),
        id: request.params.id,
        reason: request.body.reason,
        shiftId: request.body.shiftId,
      });
      return bill;
    },
  );
};
