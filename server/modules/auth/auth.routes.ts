import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordBodySchema,
  fixedDisplayBodySchema,
  forgotPasswordBodySchema,
  loginAnswerSchema,
  loginBodySchema,
  messageSchema,
  okSchema,
  resetLinkBodySchema,
  resetLinkStateSchema,
  resetPasswordBodySchema,
  sessionSchema,
} from '../../../shared/schemas/auth.schemas';
import { MESSAGES } from '../../../shared/messages';
import { AppError } from '../../lib/errors';
import { requestMeta } from '../../lib/request-meta';
import { errorResponses } from '../../lib/route-errors';
import {
  DEVICE_COOKIE,
  SESSION_COOKIE,
  authOf,
  clearSessionCookie,
  setDeviceCookie,
  setSessionCookie,
} from '../../plugins/auth';
import {
  changePassword,
  requestPasswordReset,
  resetLinkUsable,
  resetPassword,
} from './auth.passwords.usecases';
import { setFixedDisplay } from './auth.display.usecases';
import { pinRoutes } from './auth.pin.routes';
import { authenticate, logout, sessionView } from './auth.sessions.usecases';
import { login } from './auth.sign-in.usecases';
import { setPendingLoginCookie, twoFactorRoutes, whoOf } from './auth.two-factor.routes';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock, mailer, config, tasks } = app.deps;
  const db = database.db;
  if (config.TEST_SESSION_IDLE_MS !== undefined) {
    app.log.warn(
      `TEST_SESSION_IDLE_MS is set: sessions end after ${config.TEST_SESSION_IDLE_MS} ms without activity instead of 30 minutes. For tests only.`,
    );
  }

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in; sets the session cookie',
        body: loginBodySchema,
        response: { 200: loginAnswerSchema, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      const { email, password, rememberMe } = request.body;
      const result = await login({
        db,
        clock,
        idleMs: config.sessionIdleMs,
        email,
        password,
        rememberMe,
        deviceToken: request.cookies[DEVICE_COOKIE],
        ...requestMeta(request),
      });
      if (result.kind === 'two-factor') {
        // No session yet: the code comes next (POST /api/auth/login/two-factor).
        setPendingLoginCookie(request, reply, result.pendingToken);
        return { twoFactorRequired: true as const };
      }
      setSessionCookie(request, reply, result.token, result.maxAgeSeconds);
      setDeviceCookie(request, reply, result.deviceToken);
      return result.session;
    },
  );

  await app.register(twoFactorRoutes);
  await app.register(pinRoutes);

  app.post(
    '/auth/logout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out',
        response: { 200: okSchema, ...errorResponses() },
      },
    },
    async (request, reply) => {
      await logout({ db, token: request.cookies[SESSION_COOKIE] });
      clearSessionCookie(reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/auth/session',
    {
      // Public so that "nobody is signed in" is an answer (null), not an error; a session that
      // is refused for its plan or account still answers with that message (403).
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, or null',
        response: { 200: sessionSchema.nullable(), ...errorResponses() },
      },
    },
    async (request, reply) => {
      try {
        const auth = await authenticate({
          db,
          clock,
          token: request.cookies[SESSION_COOKIE],
          idleMs: config.sessionIdleMs,
        });
        return sessionView(auth, auth);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401) {
          if (request.cookies[SESSION_COOKIE]) clearSessionCookie(reply);
          return null;
        }
        if (error instanceof AppError) clearSessionCookie(reply);
        throw error;
      }
    },
  );

  app.put(
    '/auth/session/display',
    {
      // On the device itself: the session to mark is the one making the request.
      config: { access: 'tables.use' },
      schema: {
        tags: ['auth'],
        summary:
          "Mark (or unmark) this device's session as a fixed display: it never ends for idleness. A manager marks their own; staff send a manager's PIN",
        body: fixedDisplayBodySchema,
        response: { 200: sessionSchema, ...errorResponses(403, 404, 429) },
      },
    },
    async (request) => {
      const { fixedDisplay, managerId, pin } = request.body;
      return setFixedDisplay({
        db,
        clock,
        auth: authOf(request),
        fixedDisplay,
        approval: managerId !== undefined && pin !== undefined ? { managerId, pin } : null,
        mailer,
        idleMs: config.sessionIdleMs,
      });
    },
  );

  app.post(
    '/auth/change-password',
    {
      config: { access: 'self' },
      schema: {
        tags: ['auth'],
        summary: "Change the signed-in user's password; ends their other sessions",
        body: changePasswordBodySchema,
        response: { 200: sessionSchema, ...errorResponses(429) },
      },
    },
    async (request) =>
      changePassword({ db, clock, auth: authOf(request), ...request.body, who: whoOf(request) }),
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Mail a single-use reset link (always answers the same)',
        body: forgotPasswordBodySchema,
        response: { 200: messageSchema, ...errorResponses(429) },
      },
    },
    async (request) => {
      await requestPasswordReset({
        db,
        clock,
        mailer,
        tasks,
        publicUrl: config.publicUrl,
        email: request.body.email,
        ip: requestMeta(request).ip,
      });
      return { message: MESSAGES.auth.forgotPasswordSent };
    },
  );

  app.post(
    '/auth/reset-link',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Whether a reset link can still be used (does not use it)',
        body: resetLinkBodySchema,
        response: { 200: resetLinkStateSchema, ...errorResponses() },
      },
    },
    async (request) => ({
      usable: await resetLinkUsable({ db, clock, token: request.body.token }),
    }),
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link',
        body: resetPasswordBodySchema,
        response: { 200: okSchema, ...errorResponses() },
      },
    },
    async (request) => {
      await resetPassword({ db, clock, ...request.body });
      return { ok: true as const };
    },
  );
};
