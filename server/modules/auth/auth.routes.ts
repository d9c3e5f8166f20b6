import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/schemas/common.schemas';
import {
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  okSchema,
  resetPasswordBodySchema,
  sessionSchema,
} from '../../../shared/schemas/auth.schemas';
import { MESSAGES } from '../../../shared/messages';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { requestMeta } from '../../lib/request-meta';
import { SESSION_COOKIE, authOf, clearSessionCookie, setSessionCookie } from '../../plugins/auth';
import {
  authenticate,
  changePassword,
  login,
  logout,
  requestPasswordReset,
  resetPassword,
  sessionView,
} from './auth.usecases';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock, mailer, config } = app.deps;
  const db = database.db;

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in; sets the session cookie',
        body: loginBodySchema,
        response: { 200: sessionSchema, ...errors, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { email, password, rememberMe } = request.body;
      const result = await login({
        db,
        clock,
        email,
        password,
        rememberMe,
        ...requestMeta(request),
      });
      setSessionCookie(request, reply, result.token, result.maxAgeSeconds);
      return result.session;
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out',
        response: { 200: okSchema, 403: errorBodySchema },
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
        response: { 200: sessionSchema.nullable(), 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      try {
        const { user, branch } = await authenticate({
          db,
          clock,
          token: request.cookies[SESSION_COOKIE],
        });
        return sessionView({ user, branch });
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

  app.post(
    '/auth/change-password',
    {
      config: { access: 'self' },
      schema: {
        tags: ['auth'],
        summary: "Change the signed-in user's password; ends their other sessions",
        body: changePasswordBodySchema,
        response: { 200: sessionSchema, ...errors },
      },
    },
    async (request) => changePassword({ db, clock, auth: authOf(request), ...request.body }),
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Mail a single-use reset link (always answers the same)',
        body: forgotPasswordBodySchema,
        response: {
          200: z.object({ message: z.string() }),
          400: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request) => {
      await requestPasswordReset({
        db,
        clock,
        mailer,
        publicUrl: config.publicUrl,
        email: request.body.email,
      });
      return { message: MESSAGES.auth.forgotPasswordSent };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link',
        body: resetPasswordBodySchema,
        response: { 200: okSchema, 400: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      await resetPassword({ db, clock, ...request.body });
      return { ok: true as const };
    },
  );
};
