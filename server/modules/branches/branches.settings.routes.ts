import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  branchSettingsBodySchema,
  branchSettingsSchema,
} from '../../../shared/schemas/billing.schemas';
import { errorResponses } from '../../lib/route-errors';
import { actorOf, branchIdOf } from '../../plugins/auth';
import { getBranchSettings, updateBranchSettings } from './branches.settings.usecases';

/** A branch's own settings (its manager's Settings screen; staff read what bills print). */
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
        summary: 'What bills print of the branch: name, address, phone, GSTIN, time zone',
        response: { 200: branchSettingsSchema, ...errorResponses() },
      },
    },
    async (request) => getBranchSettings({ db, branchId: branchIdOf(request) }),
  );

  app.put(
    '/branch/settings',
    {
      config: { access: 'branchSettings.manage' },
      schema: {
        tags,
        summary: "Edit the branch's printing details (manager)",
        body: branchSettingsBodySchema,
        response: { 200: branchSettingsSchema, ...errorResponses() },
      },
    },
    async (request) =>
      updateBranchSettings({ db, clock, ...actorOf(request), input: request.body }),
  );
};
