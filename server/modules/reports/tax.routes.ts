import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TAX_CSV_PARTS,
  b2bPageQuerySchema,
  b2bPageSchema,
  taxCsvQuerySchema,
  taxReportQuerySchema,
  taxReportSchema,
} from '../../../shared/schemas/tax-report.schemas';
import { sendCsv } from '../../lib/csv';
import { errorResponses } from '../../lib/route-errors';
import { TAX_CSV_COLUMNS, taxB2bPage, taxCsv, taxReport } from './tax.usecases';

/** The tax report (/report/tax, managers: `reports.view`) and its CSV exports. */
import { reportReaderOf } from './report-reader';

export const taxReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const readerOf = reportReaderOf(app);
  const tags = ['reports'];
  const access = 'reports.view' as const;

  app.get(
    '/reports/tax',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Tax report of a range: sales by rate, HSN/SAC summary, B2C per rate, documents issued per series, untaxed bills and a page of B2B invoices',
        querystring: taxReportQuerySchema,
        response: { 200: taxReportSchema, ...errorResponses() },
      },
    },
    async (request) => taxReport(readerOf(request), request.query),
  );

  app.get(
    '/reports/tax/b2b',
    {
      config: { access },
      schema: {
        tags,
        summary: "A page of the B2B invoices of a range (the tax report's later pages)",
        querystring: b2bPageQuerySchema,
        response: { 200: b2bPageSchema, ...errorResponses() },
      },
    },
    async (request) => taxB2bPage(readerOf(request), request.query),
  );

  for (const part of TAX_CSV_PARTS) {
    app.get(
      `/reports/tax/${part}.csv`,
      {
        config: { access },
        schema: {
          tags,
          summary: `tax_${part}_{from}_{to}.csv: the tax report's ${part} over the range, with a Total row`,
          querystring: taxCsvQuerySchema,
          produces: ['text/csv'],
          response: {
            200: z.string().describe(`CSV: ${TAX_CSV_COLUMNS[part].join(', ')}`),
            ...errorResponses(),
          },
        },
      },
      async (request, reply) => {
        const { filename, rows } = taxCsv(readerOf(request), part, request.query);
        return sendCsv(reply, filename, TAX_CSV_COLUMNS[part], rows);
      },
    );
  }
};
