import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  demoRequestBodySchema,
  demoRequestViewSchema,
} from '../../../shared/schemas/demo-requests.schemas';
import { errorBodySchema } from '../../../shared/schemas/common.schemas';
import { searchQuerySchema } from '../../../shared/schemas/auth.schemas';
import { demoRequestView, listDemoRequests } from './demo-requests.repository';
import { requestMeta } from '../../lib/request-meta';
import { submitDemoRequest } from './demo-requests.usecases';

export const demoRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/demo-requests',
    {
      bodyLimit: 8 * 1024,
      config: { access: 'public' },
      schema: {
        tags: ['demo-requests'],
        summary: 'Ask for a demo from the landing page (public, limited per IP)',
        body: demoRequestBodySchema,
        response: {
          201: z.object({ received: z.literal(true) }),
          400: errorBodySchema,
          413: errorBodySchema,
          429: errorBodySchema,
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
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { search, page, pageSize } = request.query;
      const { items, total } = await listDemoRequests(app.deps.database.db, {
        search,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { items: items.map(demoRequestView), total };
    },
  );
};
