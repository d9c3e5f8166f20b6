import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  complimentaryReportQuerySchema,
  complimentaryReportSchema,
  complimentarySettingsSchema,
} from '../../../shared/schemas/complimentary.schemas';
import { errorResponses } from '../../lib/route-errors';
import { actorOf, branchIdOf, branchOf } from '../../plugins/auth';
import {
  complimentaryReport,
  complimentarySettingsOf,
  saveComplimentarySettings,
} from './complimentary.usecases';

/** Complimentary items' settings and report (docs/complimentary.md). */
export const complimentaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock } = app.deps;
  const db = database.db;
  /** What a report reads a request with: the caller's branch and its time zone. */
  const readerOf = (request: FastifyRequest) => ({ db, clock, ...branchOf(request) });
  const tags = ['complimentary'];

  app.get(
    '/complimentary/settings',
    {
      config: { access: 'tables.use' },
      schema: {
        tags,
        summary:
          "The branch's reasons for complimentary items and the limit above which staff need a manager",
        response: { 200: complimentarySettingsSchema, ...errorResponses() },
      },
    },
    async (request) => complimentarySettingsOf(db, branchIdOf(request)),
  );

  app.put(
    '/complimentary/settings',
    {
      config: { access: 'branchSettings.manage' },
      schema: {
        tags,
        summary: 'Set the reasons for complimentary items and the approval limit',
        body: complimentarySettingsSchema,
        response: { 200: complimentarySettingsSchema, ...errorResponses() },
      },
    },
    async (request) =>
      saveComplimentarySettings({ db, clock, ...actorOf(request), settings: request.body }),
  );

  app.get(
    '/reports/complimentary',
    {
      config: { access: 'reports.view' },
      schema: {
        tags: ['reports'],
        summary:
          'Complimentary items given over a range of business days, by reason, who gave them and who approved them, at menu prices',
        querystring: complimentaryReportQuerySchema,
        response: { 200: complimentaryReportSchema, ...errorResponses() },
      },
    },
    async (request) => complimentaryReport(readerOf(request), request.query),
  );
};
