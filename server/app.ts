import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Clock } from './lib/clock';
import { Mailer, smtpTransport, type MailTransport } from './mail/mailer';
import { registerAuthGuard } from './plugins/auth';
import { registerErrorHandler } from './plugins/error-handler';
import { registerWeb } from './plugins/web';
import { healthRoutes } from './modules/health/health.routes';
import { demoRequestRoutes } from './modules/demo-requests/demo-requests.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { branchRoutes } from './modules/branches/branches.routes';
import { staffRoutes } from './modules/staff/staff.routes';

export interface AppDeps {
  database: Database;
  config: Config;
  clock: Clock;
  /** Overrides the SMTP transport made from SMTP_URL (tests). */
  mailTransport?: MailTransport;
  /** Fastify logger option; tests pass false. */
  logger?: boolean | object;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: { database: Database; config: Config; clock: Clock; mailer: Mailer };
  }
}

const MAIL_RETRY_MS = 60_000;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { database, config, clock } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    // Ids in logs come from here; the request id is also sent back for support questions.
    requestIdHeader: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const transport =
    deps.mailTransport ?? (config.SMTP_URL ? smtpTransport(config.SMTP_URL) : undefined);
  const mailer = new Mailer({ db: database.db, from: config.MAIL_FROM, transport, log: app.log });
  app.decorate('deps', { database, config, clock, mailer });

  registerErrorHandler(app);
  await app.register(fastifyHelmet, {
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
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(demoRequestRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(branchRoutes, { prefix: '/api' });
  await app.register(staffRoutes, { prefix: '/api' });
  await registerWeb(app, config.WEB_DIST);

  app.addHook('onClose', () => mailer.idle());
  if (transport) {
    const timer = setInterval(() => void mailer.deliver(), MAIL_RETRY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
    app.addHook('onReady', async () => void mailer.deliver());
  }
  return app;
}
