import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  sessionSchema,
  twoFactorEnableBodySchema,
  twoFactorEnabledSchema,
  twoFactorLoginBodySchema,
  twoFactorProofSchema,
  twoFactorResetSchema,
  twoFactorSetupBodySchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../../../shared/schemas/auth.schemas';
import { uuidParam } from '../../../shared/schemas/common.schemas';
import { requestMeta } from '../../lib/request-meta';
import { errorResponses } from '../../lib/route-errors';
import { DEVICE_COOKIE, authOf, setDeviceCookie, setSessionCookie } from '../../plugins/auth';
import { PENDING_LOGIN_TTL_MS } from './auth.sign-in.usecases';
import {
  completeTwoFactorLogin,
  confirmTwoFactorSetup,
  resetManagerTwoFactor,
  startTwoFactorSetup,
  turnOffTwoFactor,
  twoFactorStatus,
} from './auth.two-factor.usecases';

/** The second step's cookie: the login waiting for its code (opaque, 5 minutes, auth only). */
export const PENDING_LOGIN_COOKIE = 'tf_pending';

export function setPendingLoginCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(PENDING_LOGIN_COOKIE, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: Math.floor(PENDING_LOGIN_TTL_MS / 1000),
  });
}

const clearPendingLoginCookie = (reply: FastifyReply) =>
  reply.clearCookie(PENDING_LOGIN_COOKIE, { path: '/api/auth' });

/** Who sends a code: the address and the device cookie count in the limits. */
export const whoOf = (request: FastifyRequest) => ({
  ip: requestMeta(request).ip,
  deviceToken: request.cookies[DEVICE_COOKIE],
});

/** Two-factor sign-in's routes (docs/api.md, "Two-factor sign-in"). */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock, config } = app.deps;
  const db = database.db;
  const key = config.totpKey;
  const access = 'twoFactor.use' as const;
  /** What every request about the caller's own two-factor sign-in carries. */
  const own = (request: FastifyRequest) => ({
    db,
    clock,
    key,
    auth: authOf(request),
    who: whoOf(request),
  });
  if (config.totpKeyIsDevelopmentKey && config.NODE_ENV === 'production') {
    app.log.warn(
      'TOTP_KEY is not set: two-factor secrets are sealed with the public development key. Set TOTP_KEY (openssl rand -base64 32).',
    );
  }

  app.post(
    '/auth/login/two-factor',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: "Login's second step: a code of the app or a recovery code; sets the session",
        body: twoFactorLoginBodySchema,
        response: { 200: sessionSchema, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      const result = await completeTwoFactorLogin({
        db,
        clock,
        key,
        idleMs: config.sessionIdleMs,
        pendingToken: request.cookies[PENDING_LOGIN_COOKIE],
        ...request.body,
        ...requestMeta(request),
        deviceToken: request.cookies[DEVICE_COOKIE],
      });
      clearPendingLoginCookie(reply);
      setSessionCookie(request, reply, result.token, result.maxAgeSeconds);
      setDeviceCookie(request, reply, result.deviceToken);
      return result.session;
    },
  );

  app.get(
    '/auth/two-factor',
    {
      config: { access },
      schema: {
        tags: ['auth'],
        summary: "The signed-in user's two-factor sign-in: on or off, recovery codes left",
        response: { 200: twoFactorStatusSchema, ...errorResponses() },
      },
    },
    async (request) => twoFactorStatus({ db, auth: authOf(request) }),
  );

  app.post(
    '/auth/two-factor/setup',
    {
      config: { access },
      schema: {
        tags: ['auth'],
        summary: 'Start a set-up: a new secret to scan; when already on, prove it is you first',
        body: twoFactorSetupBodySchema,
        response: { 200: twoFactorSetupSchema, ...errorResponses(429) },
      },
    },
    async (request) => startTwoFactorSetup({ ...request.body, ...own(request) }),
  );

  app.post(
    '/auth/two-factor/enable',
    {
      config: { access },
      schema: {
        tags: ['auth'],
        summary: 'Confirm the set-up with a code; answers the recovery codes (shown once)',
        body: twoFactorEnableBodySchema,
        response: { 200: twoFactorEnabledSchema, ...errorResponses(429) },
      },
    },
    async (request) => confirmTwoFactorSetup({ ...own(request), code: request.body.code }),
  );

  app.post(
    '/auth/two-factor/disable',
    {
      config: { access },
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor sign-in off (managers; with the password or a code)',
        body: twoFactorProofSchema,
        response: { 200: sessionSchema, ...errorResponses(429) },
      },
    },
    async (request) => turnOffTwoFactor({ ...request.body, ...own(request) }),
  );

  app.post(
    '/branches/:id/reset-manager-two-factor',
    {
      config: { access: 'branches.manage' },
      schema: {
        tags: ['branches'],
        summary: "Reset the branch manager's two-factor sign-in (a lost phone)",
        params: uuidParam,
        response: { 200: twoFactorResetSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      resetManagerTwoFactor({
        db,
        clock,
        branchId: request.params.id,
        actorId: authOf(request).user.id,
      }),
  );
};
