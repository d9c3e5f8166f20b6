import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Scaffold: the orders report's routes land here (issue 9).
export const ordersReportRoutes: FastifyPluginAsyncZod = async () => {};
