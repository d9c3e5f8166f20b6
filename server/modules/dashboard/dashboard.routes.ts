import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOverviewSchema,
  branchOverviewSchema,
} from '../../../shared/schemas/dashboard.schemas';
import { errorResponses } from '../../lib/route-errors';
import { branchOf } from '../../plugins/auth';
import { adminOverview, branchOverview } from './dashboard.usecases';

/** The dashboards: the branch overview (/user-dashboard) and the super admin's figures. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock, config } = app.deps;
  const db = database.db;
  const tags = ['dashboard'];

  app.get(
    '/dashboard',
    {
      config: { access: 'overview.view' },
      schema: {
        tags,
        summary:
          'Branch overview: today against last week, open tables, dues, low stock, vendors owed, top items',
        response: { 200: branchOverviewSchema, ...errorResponses() },
      },
    },
    async (request) => branchOverview({ db, clock, ...branchOf(request) }),
  );

  app.get(
    '/admin/overview',
    {
      config: { access: 'branches.manage' },
      schema: {
        tags,
        summary:
          'Platform figures: branches by plan state, renewals due, plan revenue, demo requests',
        response: { 200: adminOverviewSchema, ...errorResponses() },
      },
    },
    async () => adminOverview({ db, clock, platformTimeZone: config.PLATFORM_TIME_ZONE }),
  );
};
