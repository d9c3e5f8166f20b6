import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXPORT_FILES } from '../../../shared/constants';
import { LABELS } from '../../../shared/messages';
import {
  ordersReportFilterSchema,
  ordersReportQuerySchema,
  ordersReportSchema,
  reportChartsQuerySchema,
  reportChartsSchema,
} from '../../../shared/schemas/orders-report.schemas';
import { sendCsv } from '../../lib/csv';
import { errorResponses } from '../../lib/route-errors';
import { ordersReport, ordersReportCsvRows, reportCharts } from './orders.usecases';

/** The Detailed Orders Report (/report/order): its page, its CSV export and the report charts. */
import { reportReaderOf } from './report-reader';

export const ordersReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['reports'];
  const access = 'reports.view' as const;
  const readerOf = reportReaderOf(app);

  app.get(
    '/reports/orders',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Detailed Orders Report: totals and top items over the range, one page of bill lines',
        querystring: ordersReportQuerySchema,
        response: { 200: ordersReportSchema, ...errorResponses() },
      },
    },
    async (request) => ordersReport(readerOf(request), request.query),
  );

  app.get(
    '/reports/orders.csv',
    {
      config: { access },
      schema: {
        tags,
        summary: 'orders_report.csv: every bill line that matches (all pages), streamed',
        querystring: ordersReportFilterSchema,
        produces: ['text/csv'],
        response: {
          200: z.string().describe(`CSV: ${LABELS.orderReport.columns.join(', ')}`),
          ...errorResponses(),
        },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        EXPORT_FILES.ordersReport,
        LABELS.orderReport.columns,
        ordersReportCsvRows(readerOf(request), request.query),
      ),
  );

  app.get(
    '/reports/charts',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Report charts: revenue per day, sales by hour of day, top items',
        querystring: reportChartsQuerySchema,
        response: { 200: reportChartsSchema, ...errorResponses() },
      },
    },
    async (request) => reportCharts(readerOf(request), request.query),
  );
};
