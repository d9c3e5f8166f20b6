import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  branchSettingsBodySchema,
  branchSettingsSchema,
} from '../../../shared/schemas/branch-settings.schemas';
import { taxProfileSchema } from '../../../shared/schemas/tax-profile.schemas';
import { errorResponses } from '../../lib/route-errors';
import { actorOf, branchIdOf } from '../../plugins/auth';
import {
  getSettingsWithTaxProfile,
  getTaxProfile,
  updateBranchSettings,
} from './branches.settings.usecases';

/**
 * A branch's own settings and tax profile (its manager's Settings screen; staff read what bills
 * print, and the tax profile a payment is worked out with).
 */
export const branchSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock } = app.deps;
  const db = database.db;
  const tags = ['branches'];
  const use = 'tables.use' as const;
  app.get(
    '/branch/settings',
    {
      config: { access: use },
      schema: {
        tags,
        summary:
          'What bills print of the branch (name, address, phone, GSTIN, time zone) and its current tax profile',
        response: { 200: branchSettingsSchema, ...errorResponses(409) },
      },
    },
    async (request) => getSettingsWithTaxProfile({ db, clock, branchId: branchIdOf(request) }),
  );

  app.put(
    '/branch/settings',
    {
      config: { access: 'branchSettings.manage' },
      schema: {
        tags,
        summary:
          "Edit the branch's printing details and tax profile (manager): a new profile row, bills already made keep theirs",
        body: branchSettingsBodySchema,
        response: { 200: branchSettingsSchema, ...errorResponses(409) },
      },
    },
    async (request) =>
      updateBranchSettings({ db, clock, ...actorOf(request), input: request.body }),
  );

  app.get(
    '/branch/tax-profile',
    {
      config: { access: use },
      schema: {
        tags,
        summary:
          "The branch's current tax profile: what a new bill is worked out with (shared/tax.ts)",
        response: { 200: taxProfileSchema, ...errorResponses() },
      },
    },
    async (request) => getTaxProfile({ db, clock, branchId: branchIdOf(request) }),
  );
};
