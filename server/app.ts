import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { BackgroundTasks } from './lib/background';
import type { Clock } from './lib/clock';
import { withoutQueryValues } from './lib/db-errors';
import { Mailer, smtpTransport, type MailTransport } from './mail/mailer';
import { registerAuthGuard } from './plugins/auth';
import { registerErrorHandler } from './plugins/error-handler';
import { securityHeaders } from './plugins/security-headers';
import { registerWeb } from './plugins/web';
import { healthRoutes } from './modules/health/health.routes';
import { demoRequestRoutes } from './modules/demo-requests/demo-requests.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { SessionCache } from './modules/auth/session-cache';
import { branchRoutes } from './modules/branches/branches.routes';
import { branchSettingsRoutes } from './modules/branches/branches.settings.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { inventoryRoutes } from './modules/inventory/inventory.routes';
import { vendorRoutes } from './modules/vendors/vendors.routes';
import { productRoutes } from './modules/products/products.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { billCancelRoutes } from './modules/billing/billing.cancel.routes';
import { provisionalBillRoutes } from './modules/billing/billing.provisional.routes';
import { eventRoutes } from './modules/events/events.routes';
import { tableRoutes } from './modules/tables/tables.routes';
import { kitchenRoutes } from './modules/kitchen/kitchen.routes';
import { floorRoutes } from './modules/floor/floor.routes';
import { sectionRoutes } from './modules/tables/sections.routes';
import { tableTaps, type TableTaps } from './modules/tables/tap-router';
import { reportRoutes } from './modules/reports/reports.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { voidRoutes } from './modules/voids/voids.routes';
import { complimentaryRoutes } from './modules/complimentary/complimentary.routes';
import { complimentaryLineRoutes } from './modules/tables/tables.complimentary.routes';
import { cashRoutes } from './modules/cash/cash.routes';
import { provisionalPrintRoutes } from './modules/printing/printing.provisional.routes';
import { printingRoutes } from './modules/printing/printing.routes';
import { PrintQueue } from './modules/printing/print-queue';
import { PrinterNetworks } from './modules/printing/printer-networks';

export interface AppDeps {
  database: Database;
  config: Config;
  clock: Clock;
  /** Overrides the SMTP transport made from SMTP_URL (tests). */
  mailTransport?: MailTransport;
  /** Fastify logger options (e.g. a `stream`), or false for none (tests). */
  logger?: false | object;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: {
      database: Database;
      config: Config;
      clock: Clock;
      mailer: Mailer;
      /** Work done after the answer (forgot-password mail). */
      tasks: BackgroundTasks;
      /** The sessions the auth guard keeps in memory. */
      sessions: SessionCache;
      /** The counter's taps, one database call per branch at a time (group commit). */
      taps: TableTaps;
      /**
       * The print sender (docs/printing.md): started with the app when PRINT_SENDER is on (the
       * default outside tests); tests run it by hand with `drain()`.
       */
      printQueue: PrintQueue;
    };
  }
}

/** TRUST_PROXY as Fastify takes it: a hop count believes the nearest `hops` proxies only. */
function trustProxyOption(trust: Config['TRUST_PROXY']) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** A URL as it may be logged: a query string can carry a reset token or personal data. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : `${url.slice(0, query)}?[redacted]`;
}

/**
 * What the log may hold: request URLs without their query string (the reset link's token is
 * in it), and errors without a failed query's parameters (a password hash among them).
 */
function loggerOptions(level: string, extra: object | undefined) {
  return {
    level,
    ...extra,
    serializers: {
      req: (request: { method: string; url: string; host?: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
    formatters: {
      log: (object: Record<string, unknown>) =>
        'err' in object ? { ...object, err: withoutQueryValues(object.err) } : object,
    },
  };
}

const MAIL_RETRY_MS = 60_000;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { database, config, clock } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : loggerOptions(config.LOG_LEVEL, deps.logger),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 64 * 1024,
    // Ids in logs come from here; the request id is also sent back for support questions.
    requestIdHeader: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const transport =
    deps.mailTransport ?? (config.SMTP_URL ? smtpTransport(config.SMTP_URL) : undefined);
  const mailer = new Mailer({ db: database.db, from: config.MAIL_FROM, transport, log: app.log });
  const tasks = new BackgroundTasks(app.log);
  const sessions = new SessionCache(database, app.log, { heartbeatMs: config.LISTEN_HEARTBEAT_MS });
  await sessions.start();
  app.addHook('onClose', async () => sessions.close());
  const taps = tableTaps(database.db);
  const printQueue = new PrintQueue({
    database,
    clock,
    log: app.log,
    networks: new PrinterNetworks(config.PRINTER_ALLOWED_NETWORKS),
    timeoutMs: config.PRINT_TIMEOUT_MS,
    leaseMs: config.PRINT_LEASE_MS,
    scanMs: config.PRINT_SCAN_MS,
    retryDelaysMs: config.PRINT_RETRY_DELAYS_MS,
    heartbeatMs: config.LISTEN_HEARTBEAT_MS,
  });
  app.decorate('deps', { database, config, clock, mailer, tasks, sessions, taps, printQueue });

  registerErrorHandler(app);
  // Answers of the API hold personal data: no browser or proxy may keep them.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) {
      reply.header('cache-control', 'no-store');
    }
  });
  // Helmet's headers, worked out once: the same for every answer, so no request builds them.
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets inline style attributes and style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // No upgrade-insecure-requests: a branch may reach the server over plain HTTP on its LAN.
      },
    },
    // The same as frame-ancestors, for browsers that read only this header.
    xFrameOptions: { action: 'deny' },
    // Only on answers that came over HTTPS (below): on a branch's plain-HTTP LAN it means nothing.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    done();
  });
  // JSON answers over 1 KB go compressed (the tables and the menu a phone loads first are tens
  // of KB): Brotli at quality 4 or gzip, as the browser accepts. The web app's files are
  // compressed once at build time (web.ts); live events are a hijacked stream, never touched.
  await app.register(fastifyCompress, {
    customTypes: /^application\/json/,
    encodings: ['br', 'gzip'],
  });
  await app.register(fastifyCookie);
  registerAuthGuard(app);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'TableFlow API',
        description: 'Point of sale and management for restaurants, cafes and retail outlets.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  // Under the app's own policy (above): the UI's files are all its own, nothing inline.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(demoRequestRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(branchRoutes, { prefix: '/api' });
  await app.register(branchSettingsRoutes, { prefix: '/api' });
  await app.register(staffRoutes, { prefix: '/api' });
  await app.register(inventoryRoutes, { prefix: '/api' });
  await app.register(vendorRoutes, { prefix: '/api' });
  await app.register(productRoutes, { prefix: '/api' });
  await app.register(billingRoutes, { prefix: '/api' });
  await app.register(billCancelRoutes, { prefix: '/api' });
  await app.register(provisionalBillRoutes, { prefix: '/api' });
  await app.register(eventRoutes, { prefix: '/api' });
  await app.register(tableRoutes, { prefix: '/api' });
  await app.register(kitchenRoutes, { prefix: '/api' });
  await app.register(floorRoutes, { prefix: '/api' });
  await app.register(sectionRoutes, { prefix: '/api' });
  await app.register(reportRoutes, { prefix: '/api' });
  await app.register(dashboardRoutes, { prefix: '/api' });
  await app.register(voidRoutes, { prefix: '/api' });
  await app.register(complimentaryRoutes, { prefix: '/api' });
  await app.register(complimentaryLineRoutes, { prefix: '/api' });
  await app.register(printingRoutes, { prefix: '/api' });
  await app.register(provisionalPrintRoutes, { prefix: '/api' });
  await app.register(cashRoutes, { prefix: '/api' });
  await registerWeb(app, config.WEB_DIST);

  app.addHook('onClose', async () => {
    await printQueue.close();
    await tasks.idle();
    await mailer.idle();
  });
  // Jobs are sent after their sale commits, by this sender only: a payment never waits for a
  // printer (docs/printing.md, "The print queue").
  if (config.PRINT_SENDER ?? config.NODE_ENV !== 'test') {
    app.addHook('onReady', async () => printQueue.start());
  }
  if (transport) {
    const timer = setInterval(() => void mailer.deliver(), MAIL_RETRY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
    app.addHook('onReady', async () => void mailer.deliver());
  }
  return app;
}
