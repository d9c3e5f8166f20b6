import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tableIdParam } from '../../../shared/schemas/tables.schemas';
import {
  approverListSchema,
  voidAnswerSchema,
  voidBodySchema,
  voidsReportFilterSchema,
  voidsReportQuerySchema,
  voidsReportSchema,
} from '../../../shared/schemas/voids.schemas';
import { sendCsv } from '../../lib/csv';
import { errorResponses } from '../../lib/route-errors';
import { actorOf, authOf, branchIdOf, branchOf } from '../../plugins/auth';
import { VOIDS_CSV_COLUMNS, voidsCsv, voidsReport } from './voids.report.usecases';
import { listApprovers, voidLine } from './voids.usecases';

/**
 * Voids (docs/kitchen.md, "Voids"): the approval dialog's choices, the void itself, the void
 * report. A manager's own PIN is auth's (auth.pin.routes.ts).
 */
export const voidRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock, mailer } = app.deps;
  const db = database.db;
  /** What a report reads a request with: the caller's branch and its time zone. */
  const readerOf = (request: FastifyRequest) => ({ db, clock, ...branchOf(request) });
  const tags = ['voids'];

  app.get(
    '/voids/approvers',
    {
      config: { access: 'tables.use' },
      schema: {
        tags,
        summary:
          "The approval dialog's choices: the branch's managers with a PIN, and its void reasons",
        response: { 200: approverListSchema, ...errorResponses() },
      },
    },
    async (request) => listApprovers({ db, branchId: branchIdOf(request) }),
  );

  app.post(
    '/tables/:tableId/voids',
    {
      config: { access: 'tables.use' },
      schema: {
        tags,
        summary:
          "Void a sent item with a manager's PIN and a reason (exactly once per opId): the line goes down, the kitchen gets a CANCELLED item",
        params: tableIdParam,
        body: voidBodySchema,
        response: { 200: voidAnswerSchema, ...errorResponses(404, 409, 429) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return voidLine({
        db,
        clock,
        mailer,
        sessionId: auth.sessionId,
        ...actorOf(request),
        userName: auth.user.name,
        tableId: request.params.tableId,
        body: request.body,
      });
    },
  );

  app.get(
    '/reports/voids',
    {
      config: { access: 'reports.view' },
      schema: {
        tags: ['reports'],
        summary:
          'Void report of a range: totals, by day, by who asked, by who approved, by reason, and a page of the voids',
        querystring: voidsReportQuerySchema,
        response: { 200: voidsReportSchema, ...errorResponses() },
      },
    },
    async (request) => voidsReport(readerOf(request), request.query),
  );

  app.get(
    '/reports/voids.csv',
    {
      config: { access: 'reports.view' },
      schema: {
        tags: ['reports'],
        summary: 'voids_{from}_{to}.csv: every void of the range, newest first',
        querystring: voidsReportFilterSchema,
        produces: ['text/csv'],
        response: {
          200: z.string().describe(`CSV: ${VOIDS_CSV_COLUMNS.join(', ')}`),
          ...errorResponses(),
        },
      },
    },
    async (request, reply) => {
      const { filename, rows } = voidsCsv(readerOf(request), request.query);
      return sendCsv(reply, filename, VOIDS_CSV_COLUMNS, rows);
    },
  );
};
