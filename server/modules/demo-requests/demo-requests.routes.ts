import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  demoRequestBodySchema,
  demoRequestViewSchema,
} from '../../../shared/schemas/demo-requests.schemas';
import { searchQuerySchema } from '../../../shared/schemas/common.schemas';
import { requestMeta } from '../../lib/request-meta';
import { errorResponses } from '../../lib/route-errors';
import { listDemoRequestViews, submitDemoRequest } from './demo-requests.usecases';

export const demoRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/demo-requests',
    {
      bodyLimit: 8 * 1024,
      config: { access: 'public' },
      schema: {
        tags: ['demo-requests'],
        summary:
          'Ask for a demo or buy a plan from the landing page (public; limited per address, repeats dropped)',
        body: demoRequestBodySchema,
        response: {
          201: z.object({ received: z.literal(true) }),
          ...errorResponses(413, 429),
        },
      },
    },
    async (request, reply) => {
      const { database, clock, mailer, config } = app.deps;
      await submitDemoRequest({
        db: database.db,
        clock,
        mailer,
        inbox: config.PLATFORM_INBOX,
        timeZone: config.PLATFORM_TIME_ZONE,
        input: request.body,
        ...requestMeta(request),
        perHour: config.DEMO_REQUESTS_PER_HOUR,
      });
      return reply.status(201).send({ received: true });
    },
  );

  app.get(
    '/demo-requests',
    {
      config: { access: 'demoRequests.read' },
      schema: {
        tags: ['demo-requests'],
        summary: 'Demo requests, newest first, with search (super admin)',
        querystring: searchQuerySchema.extend({
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: {
          200: z.object({
            items: z.array(demoRequestViewSchema),
            total: z.number().int(),
          }),
          ...errorResponses(),
        },
      },
    },
    async (request) => {
      const { search, page, pageSize } = request.query;
      return listDemoRequestViews(app.deps.database.db, {
        search,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
    },
  );
};
