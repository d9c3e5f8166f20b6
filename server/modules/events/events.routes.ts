import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVENTS_HEARTBEAT_MS, EVENTS_RETRY_MS } from '../../../shared/schemas/events.schemas';
import { AppError } from '../../lib/errors';
import { EventHub } from '../../lib/events';
import { errorResponses } from '../../lib/route-errors';
import { branchIdOf } from '../../plugins/auth';

/** GET /api/events: the branch's live events as Server-Sent Events (docs/api.md). */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = new EventHub(app.deps.database, app.log, {
    heartbeatMs: app.deps.config.LISTEN_HEARTBEAT_MS,
  });
  await hub.start();
  // Open streams would hold the server's close: end them first, then stop listening.
  app.addHook('preClose', async () => hub.endStreams());
  app.addHook('onClose', async () => hub.close());

  app.get(
    '/events',
    {
      config: { access: 'tables.use' },
      schema: {
        tags: ['events'],
        summary: "The branch's live events (text/event-stream: table.changed, bill.paid, …)",
        response: { 200: z.string(), ...errorResponses(406) },
      },
    },
    async (request, reply) => {
      if (!request.headers.accept?.includes('text/event-stream')) {
        throw new AppError(
          406,
          'events.not_event_stream',
          'This address sends live events: ask for text/event-stream',
        );
      }
      const branchId = branchIdOf(request);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // nginx and similar proxies would otherwise hold the stream back.
        'x-accel-buffering': 'no',
      });
      res.write(`retry: ${EVENTS_RETRY_MS}\n\n`);
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), EVENTS_HEARTBEAT_MS);
      heartbeat.unref();
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        if (!res.writableEnded) res.end();
      };
      const unsubscribe = hub.subscribe(
        branchId,
        (event) => res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`),
        end,
      );
      res.on('close', end);
    },
  );
};
