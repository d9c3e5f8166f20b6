import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParam } from '../../../shared/schemas/common.schemas';
import {
  branchListQuerySchema,
  branchSchema,
  createBranchBodySchema,
  createdBranchSchema,
  updatePlanBodySchema,
} from '../../../shared/schemas/branches.schemas';
import { okSchema, temporaryPasswordBodySchema } from '../../../shared/schemas/auth.schemas';
import { errorResponses } from '../../lib/route-errors';
import { authOf } from '../../plugins/auth';
import {
  createBranch,
  listBranchViews,
  resetManagerPassword,
  setBranchActive,
  updatePlan,
} from './branches.usecases';

const idParams = uuidParam;

export const branchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock, mailer, config } = app.deps;
  const db = database.db;
  const access = 'branches.manage' as const;

  app.get(
    '/branches',
    {
      config: { access },
      schema: {
        tags: ['branches'],
        summary: 'Every branch with its plan status (super admin)',
        querystring: branchListQuerySchema,
        response: { 200: z.array(branchSchema), ...errorResponses() },
      },
    },
    async (request) => listBranchViews({ db, clock, search: request.query.search }),
  );

  app.post(
    '/branches',
    {
      config: { access },
      schema: {
        tags: ['branches'],
        summary:
          "Create a branch and its manager account; mails the manager (welcomeMail: 'sent', or 'queued' without a mail server, or 'retrying')",
        body: createBranchBodySchema,
        response: { 201: createdBranchSchema, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const branch = await createBranch({
        db,
        clock,
        mailer,
        publicUrl: config.publicUrl,
        input: request.body,
        actorId: authOf(request).user.id,
      });
      return reply.status(201).send(branch);
    },
  );

  app.put(
    '/branches/:id/plan',
    {
      config: { access },
      schema: {
        tags: ['branches'],
        summary: "Renew or extend a branch's plan",
        params: idParams,
        body: updatePlanBodySchema,
        response: { 200: branchSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      updatePlan({
        db,
        clock,
        id: request.params.id,
        input: request.body,
        actorId: authOf(request).user.id,
      }),
  );

  for (const [action, isActive] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    app.post(
      `/branches/:id/${action}`,
      {
        config: { access },
        schema: {
          tags: ['branches'],
          summary: isActive ? 'Reactivate a branch' : 'Deactivate a branch; ends its sessions',
          params: idParams,
          response: { 200: branchSchema, ...errorResponses(404) },
        },
      },
      async (request) =>
        setBranchActive({
          db,
          clock,
          id: request.params.id,
          isActive,
          actorId: authOf(request).user.id,
        }),
    );
  }

  app.post(
    '/branches/:id/reset-manager-password',
    {
      config: { access },
      schema: {
        tags: ['branches'],
        summary: 'Give the manager a temporary password (changed at next login)',
        params: idParams,
        body: temporaryPasswordBodySchema,
        response: { 200: okSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      await resetManagerPassword({
        db,
        clock,
        id: request.params.id,
        ...request.body,
        actorId: authOf(request).user.id,
      });
      return { ok: true as const };
    },
  );
};
