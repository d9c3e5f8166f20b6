import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can, type Permission } from '../../shared/permissions';
import type { SessionBranch } from '../lib/actor';
import { AppError } from '../lib/errors';
import { authErrors } from '../modules/auth/auth.errors';
import { LOGIN_LIMITS, authenticate, type AuthContext } from '../modules/auth/auth.usecases';

/**
 * Who may call a route, declared by every API route in its `config.access`:
 * - 'public': anyone (landing page form, login, password reset);
 * - 'self': any signed-in user, even one who must still change a temporary password
 *   (read the session, log out, change the password);
 * - 'authenticated': any signed-in user with a valid plan;
 * - a permission of shared/permissions.ts: a signed-in user whose role holds it.
 */
export type RouteAccess = 'public' | 'self' | 'authenticated' | Permission;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * The route changes no session, user, branch or two-factor credential, so its requests
     * leave this process's session cache as it is (the counter's hot paths). Without it a
     * mutating request empties the cache when it ends (`registerAuthGuard`).
     */
    keepsSessions?: boolean;
  }
  interface FastifyInstance {
    /** 'METHOD /api/path' → who may call it: read by the route-access test. */
    routeAccess: Map<string, RouteAccess>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export const SESSION_COOKIE = 'tf_session';
/** OWASP device cookie: marks a browser that signed in before (login limits count it apart). */
export const DEVICE_COOKIE = 'tf_device';

/** The signed-in user of a guarded route (the guard ran, so it is there). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('authOf() on a route without a guard');
  return request.auth;
}

/** The caller's branch id, from the session: never from the request. */
export function branchIdOf(request: FastifyRequest): string {
  return branchOf(request).branchId;
}

/**
 * The caller's branch from the session: its id and its time zone (the business day of every
 * use case). The session keeps both, refreshed when the branch changes (session-cache.ts), so
 * no use case looks the zone up again.
 */
export function branchOf(request: FastifyRequest): SessionBranch {
  const branch = authOf(request).branch;
  if (!branch) throw authErrors.notAllowed();
  return { branchId: branch.id, timeZone: branch.timeZone };
}

/** Who writes, for a use case that records it: the session's branch (id and zone) and user. */
export function actorOf(request: FastifyRequest): SessionBranch & { userId: string } {
  return { ...branchOf(request), userId: authOf(request).user.id };
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number | null,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    // No max-age: a browser session cookie, gone when the browser closes (no Remember Me).
    ...(maxAgeSeconds ? { maxAge: maxAgeSeconds } : {}),
  });
}

export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(DEVICE_COOKIE, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: Math.floor(LOGIN_LIMITS.deviceTrustedForMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin (scheme://host[:port]) of a URL; null for one that is not a URL or has none ('null', 'foo'). */
function originOf(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const { origin } = new URL(url);
  return origin === 'null' ? null : origin;
}

/**
 * Cross-site request forgery: a mutating call must come from our own pages. Browsers say where a
 * request comes from (Sec-Fetch-Site, else Origin, else Referer); a call with none of them is not
 * a browser's (tests, scripts) and carries no ambient cookie risk. Origin and Referer must be
 * this server's own origin, scheme, host and port alike (another port of the same host is
 * another site's page): the one the request reached (`request.protocol` believes
 * X-Forwarded-Proto only from TRUST_PROXY's proxies), or PUBLIC_URL's. An Origin that is not a
 * URL (`null`) is refused too.
 */
function assertSameOrigin(request: FastifyRequest, publicUrl: string | undefined) {
  if (!MUTATING.has(request.method)) return;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) {
    if (site === 'same-origin' || site === 'none') return;
    throw authErrors.crossSite();
  }
  const from = request.headers.origin ?? request.headers.referer;
  if (from === undefined) return;
  const origin = originOf(from);
  const own = originOf(`${request.protocol}://${request.host}`);
  if (origin === null || (origin !== own && origin !== (publicUrl && originOf(publicUrl)))) {
    throw authErrors.crossSite();
  }
}

export function registerAuthGuard(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.decorate('routeAccess', new Map<string, RouteAccess>());

  // Every API route must say who may call it: a forgotten guard fails at start, not in production.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    if (route.method === 'HEAD') return;
    const access = route.config?.access;
    if (!access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no config.access`);
    }
    for (const method of [route.method].flat())
      app.routeAccess.set(`${method} ${route.url}`, access);
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    assertSameOrigin(request, app.deps.config.PUBLIC_URL);
    if (access === 'public') return;
    const { database, clock, sessions } = app.deps;
    // An EventSource cannot read a refusal: its session and cookie stay for the app's next call.
    const readable = !request.headers.accept?.includes('text/event-stream');
    try {
      request.auth = await authenticate({
        db: database.db,
        clock,
        token: request.cookies[SESSION_COOKIE],
        endRefused: readable,
        sessions,
        idleMs: app.deps.config.sessionIdleMs,
      });
    } catch (error) {
      if (error instanceof AppError && readable) clearSessionCookie(reply);
      throw error;
    }
    if (access === 'self') return;
    if (request.auth.user.mustChangePassword) {
      throw authErrors.passwordChangeRequired();
    }
    // A super admin without two-factor sign-in reaches only its set-up (and 'self' routes).
    if (request.auth.mustSetUpTwoFactor && access !== 'twoFactor.use') {
      throw authErrors.twoFactorSetupRequired();
    }
    if (access === 'authenticated') return;
    if (!can(request.auth.user.role, access)) {
      throw authErrors.notAllowed();
    }
  });

  // A change this request made to sessions or accounts is also told to every process by the
  // database (server/modules/auth/session-cache.ts), but that notification may come after this
  // answer: empty the cache before the answer leaves, so no next request meets it. A refused
  // request changes nothing (so wrong passwords do not empty it).
  app.addHook('onSend', async (request, reply) => {
    if (
      reply.statusCode < 400 &&
      MUTATING.has(request.method) &&
      !request.routeOptions.config?.keepsSessions
    ) {
      app.deps.sessions.clear();
    }
  });
}
