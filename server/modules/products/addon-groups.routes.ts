import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '../../../shared/schemas/auth.schemas';
import { uuidParam } from '../../../shared/schemas/common.schemas';
import {
  addonGroupBodySchema,
  addonGroupListSchema,
  addonGroupSchema,
} from '../../../shared/schemas/menu.schemas';
import { errorResponses } from '../../lib/route-errors';
import { actorOf, branchIdOf } from '../../plugins/auth';
import {
  addAddonGroup,
  archiveAddonGroup,
  editAddonGroup,
  listAddonGroups,
} from './addon-groups.usecases';

/** Add-on groups (manager): registered by productRoutes, under its prefix. */
export const addonGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock } = app.deps;
  const db = database.db;
  const tags = ['products'];
  const manage = 'products.manage' as const;

  app.get(
    '/addon-groups',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Add-on groups with their options (and recipes) and how many products offer each',
        response: { 200: addonGroupListSchema, ...errorResponses() },
      },
    },
    async (request) => listAddonGroups({ db, branchId: branchIdOf(request) }),
  );

  app.post(
    '/addon-groups',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Add an add-on group with its options, minimum and maximum choices',
        body: addonGroupBodySchema,
        response: { 201: addonGroupSchema, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const group = await addAddonGroup({ db, clock, ...actorOf(request), input: request.body });
      return reply.status(201).send(group);
    },
  );

  app.put(
    '/addon-groups/:id',
    {
      config: { access: manage },
      schema: {
        tags,
        summary:
          'Edit an add-on group: options kept by id, new ones added, those left out archived',
        params: uuidParam,
        body: addonGroupBodySchema,
        response: { 200: addonGroupSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      editAddonGroup({
        db,
        clock,
        ...actorOf(request),
        id: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    '/addon-groups/:id',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Delete an add-on group: archived and taken off its products (bills keep it)',
        params: uuidParam,
        response: { 200: okSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      await archiveAddonGroup({ db, clock, ...actorOf(request), id: request.params.id });
      return { ok: true as const };
    },
  );
};
