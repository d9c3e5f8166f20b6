import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Scaffold: the branch overview and the super admin's figures land here (issue 9).
export const dashboardRoutes: FastifyPluginAsyncZod = async () => {};
