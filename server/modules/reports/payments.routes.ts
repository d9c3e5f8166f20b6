import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  paymentsCsvQuerySchema,
  paymentsReportQuerySchema,
  paymentsReportSchema,
} from '../../../shared/schemas/payments-report.schemas';
import { sendCsv } from '../../lib/csv';
import { errorResponses } from '../../lib/route-errors';
import { PAYMENTS_CSV_COLUMNS, paymentsCsv, paymentsReport } from './payments.usecases';

/** The Payment History Report and its CSV export (managers: `reports.view`). */
import { reportReaderOf } from './report-reader';

export const paymentsReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const readerOf = reportReaderOf(app);
  const tags = ['reports'];
  const access = 'reports.view' as const;

  app.get(
    '/reports/payments',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Bills of a range of business days (newest first, paginated) with the totals of all that match: grand total and per payment method',
        querystring: paymentsReportQuerySchema,
        response: { 200: paymentsReportSchema, ...errorResponses() },
      },
    },
    async (request) => paymentsReport(readerOf(request), request.query),
  );

  app.get(
    '/reports/payments.csv',
    {
      config: { access },
      schema: {
        tags,
        summary: 'payment_history_report_{date}.csv of every bill that matches (streamed)',
        querystring: paymentsCsvQuerySchema,
        produces: ['text/csv'],
        response: {
          200: z.string().describe(`CSV: ${PAYMENTS_CSV_COLUMNS.join(', ')}`),
          ...errorResponses(),
        },
      },
    },
    async (request, reply) => {
      const { filename, rows } = paymentsCsv(readerOf(request), request.query);
      return sendCsv(reply, filename, PAYMENTS_CSV_COLUMNS, rows);
    },
  );
};
