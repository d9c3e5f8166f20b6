import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '../../../shared/permissions';
import { EVENTS_HEARTBEAT_MS, EVENTS_RETRY_MS } from '../../../shared/schemas/events.schemas';
import { EventHub } from '../../lib/events';
import { errorResponses } from '../../lib/route-errors';
import { authErrors } from '../auth/auth.errors';
import { liveTickets } from '../kitchen/kitchen.live.usecases';
import { authOf, branchIdOf } from '../../plugins/auth';
import { notEventStream, tooManyStreams } from './events.errors';

/**
 * The streams open on this process, by session and by branch. Each holds a connection and a
 * subscriber for as long as it is open, so one session (or one branch) may open only so many:
 * a thousand from one cookie would slow every other request down.
 */
class OpenStreams {
  private readonly bySession = new Map<string, number>();
  private readonly byBranch = new Map<string, number>();

  constructor(private readonly most: { perSession: number; perBranch: number }) {}

  /** Counts a new stream, or throws 429 when a cap is reached. Call the answer when it ends. */
  open(sessionId: string, branchId: string): () => void {
    if ((this.bySession.get(sessionId) ?? 0) >= this.most.perSession) {
      throw tooManyStreams('session');
    }
    if ((this.byBranch.get(branchId) ?? 0) >= this.most.perBranch) throw tooManyStreams('branch');
    add(this.bySession, sessionId, 1);
    add(this.byBranch, branchId, 1);
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      add(this.bySession, sessionId, -1);
      add(this.byBranch, branchId, -1);
    };
  }
}

function add(counts: Map<string, number>, key: string, by: number): void {
  const count = (counts.get(key) ?? 0) + by;
  if (count > 0) counts.set(key, count);
  else counts.delete(key);
}

/** GET /api/events: the branch's live events as Server-Sent Events (docs/api.md). */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = new EventHub(app.deps.database, app.log, {
    heartbeatMs: app.deps.config.LISTEN_HEARTBEAT_MS,
    // The kitchen display's kitchen.changed carry the tickets they name (docs/kitchen.md).
    readTickets: (refs) => liveTickets(app.deps.database.db, refs),
  });
  const streams = new OpenStreams({
    perSession: app.deps.config.EVENT_STREAMS_PER_SESSION,
    perBranch: app.deps.config.EVENT_STREAMS_PER_BRANCH,
  });
  await hub.start();
  // Open streams would hold the server's close: end them first, then stop listening.
  app.addHook('preClose', async () => hub.endStreams());
  app.addHook('onClose', async () => hub.close());

  app.get(
    '/events',
    {
      // The tables' users and the kitchen display's: a guard checks one permission, so the
      // route is 'authenticated' and the handler checks for either (a super admin: 403).
      config: { access: 'authenticated' },
      schema: {
        tags: ['events'],
        summary:
          "The branch's live events (text/event-stream: table.changed, bill.paid, …; tables.use or kitchen.display)",
        response: { 200: z.string(), ...errorResponses(403, 406, 429) },
      },
    },
    async (request, reply) => {
      if (!request.headers.accept?.includes('text/event-stream')) throw notEventStream();
      const { role } = authOf(request).user;
      if (!can(role, 'tables.use') && !can(role, 'kitchen.display')) {
        throw authErrors.notAllowed();
      }
      const branchId = branchIdOf(request);
      const closeStream = streams.open(authOf(request).sessionId, branchId);
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
        closeStream();
        unsubscribe();
        if (!res.writableEnded) res.end();
      };
      const unsubscribe = hub.subscribe(
        branchId,
        (event) => res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`),
        end,
        // Who may open the kitchen display gets its tickets in the events.
        { tickets: can(role, 'kitchen.display') },
      );
      res.on('close', end);
      // Gone before it was listened to: the count still drops.
      if (res.closed) end();
    },
  );
};
