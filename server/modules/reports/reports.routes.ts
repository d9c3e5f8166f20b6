import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { duesRoutes } from './dues.routes';
import { ordersReportRoutes } from './orders.routes';
import { paymentsReportRoutes } from './payments.routes';
import { taxReportRoutes } from './tax.routes';

/**
 * The reports module: read models over the bills, their lines and payments (SQL aggregation in
 * the database), one file set per report.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(ordersReportRoutes);
  await app.register(paymentsReportRoutes);
  await app.register(duesRoutes);
  await app.register(taxReportRoutes);
};
