import type { FastifyRequest } from 'fastify';

/** Who sent a request, for audit rows and abuse limits. */
export function requestMeta(request: FastifyRequest): { ip: string; userAgent: string | null } {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: userAgent ? userAgent.slice(0, 300) : null };
}
