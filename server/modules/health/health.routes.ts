import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { migrationState } from '../../db/client';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    migrations: z.object({ applied: z.number(), available: z.number(), upToDate: z.boolean() }),
  }),
  time: z.string(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Is the server up, which database does it use, are its migrations applied',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const { database, clock } = app.deps;
      const migrations = await migrationState(database);
      const status = migrations.upToDate ? 'ok' : 'degraded';
      return reply.status(migrations.upToDate ? 200 : 503).send({
        status,
        database: { kind: database.kind, migrations },
        time: clock().toISOString(),
      });
    },
  );
};
