import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Scaffold: the payments report's routes land here (issue 9).
export const paymentsReportRoutes: FastifyPluginAsyncZod = async () => {};
