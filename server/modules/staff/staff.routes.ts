import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParam } from '../../../shared/schemas/common.schemas';
import { okSchema, temporaryPasswordBodySchema } from '../../../shared/schemas/auth.schemas';
import {
  createStaffBodySchema,
  staffListSchema,
  staffMemberSchema,
  updateStaffBodySchema,
} from '../../../shared/schemas/staff.schemas';
import { errorResponses } from '../../lib/route-errors';
import { authOf, branchIdOf } from '../../plugins/auth';
import { addStaff, listBranchStaff, resetStaffPassword, updateStaffMember } from './staff.usecases';

const idParams = uuidParam;

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock } = app.deps;
  const db = database.db;
  const access = 'staff.manage' as const;

  app.get(
    '/staff',
    {
      config: { access },
      schema: {
        tags: ['staff'],
        summary: "The branch's staff and its user limit",
        response: { 200: staffListSchema, ...errorResponses() },
      },
    },
    async (request) => listBranchStaff({ db, branchId: branchIdOf(request) }),
  );

  app.post(
    '/staff',
    {
      config: { access },
      schema: {
        tags: ['staff'],
        summary: 'Add a staff account with a temporary password',
        body: createStaffBodySchema,
        response: { 201: staffMemberSchema, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const member = await addStaff({
        db,
        clock,
        branchId: branchIdOf(request),
        input: request.body,
      });
      return reply.status(201).send(member);
    },
  );

  app.patch(
    '/staff/:id',
    {
      config: { access },
      schema: {
        tags: ['staff'],
        summary: 'Rename, set plan dates, activate or deactivate a staff account',
        params: idParams,
        body: updateStaffBodySchema,
        response: { 200: staffMemberSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      updateStaffMember({
        db,
        clock,
        branchId: branchIdOf(request),
        id: request.params.id,
        input: request.body,
        actorId: authOf(request).user.id,
      }),
  );

  app.post(
    '/staff/:id/reset-password',
    {
      config: { access },
      schema: {
        tags: ['staff'],
        summary: 'Give a staff member a temporary password (changed at next login)',
        params: idParams,
        body: temporaryPasswordBodySchema,
        response: { 200: okSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      await resetStaffPassword({
        db,
        clock,
        branchId: branchIdOf(request),
        id: request.params.id,
        newPassword: request.body.newPassword,
        actorId: authOf(request).user.id,
      });
      return { ok: true as const };
    },
  );
};
