import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pinBodySchema, pinStatusSchema } from '../../../shared/schemas/voids.schemas';
import { errorResponses } from '../../lib/route-errors';
import { actorOf, authOf } from '../../plugins/auth';
import { pinStatus, setPin } from './auth.pin.usecases';
import { whoOf } from './auth.two-factor.routes';

/**
 * A manager's own approval PIN (auth.pin.usecases.ts). Its paths stay under /api/voids, where
 * they were published (docs/api.md): the PIN approved voids first.
 */
export const pinRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock } = app.deps;
  const db = database.db;
  const tags = ['voids'];

  app.get(
    '/voids/pin',
    {
      config: { access: 'voids.approve' },
      schema: {
        tags,
        summary: 'Whether the signed-in manager has an approval PIN, and since when',
        response: { 200: pinStatusSchema, ...errorResponses() },
      },
    },
    async (request) => pinStatus({ db, userId: authOf(request).user.id }),
  );

  app.put(
    '/voids/pin',
    {
      config: { access: 'voids.approve' },
      schema: {
        tags,
        summary:
          "Set or change the signed-in manager's own approval PIN (4–6 digits) with their password",
        body: pinBodySchema,
        response: { 200: pinStatusSchema, ...errorResponses(429) },
      },
    },
    async (request) =>
      setPin({ db, clock, ...actorOf(request), ...request.body, who: whoOf(request) }),
  );
};
