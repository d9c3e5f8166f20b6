import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Scaffold: the dues report's routes land here (issue 9).
export const duesRoutes: FastifyPluginAsyncZod = async () => {};
