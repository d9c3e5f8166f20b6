import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '../../../shared/schemas/auth.schemas';
import {
  createSectionBodySchema,
  sectionIdParam,
  sectionListSchema,
  sectionSchema,
  updateSectionBodySchema,
} from '../../../shared/schemas/sections.schemas';
import { errorResponses } from '../../lib/route-errors';
import { actorOf, branchIdOf } from '../../plugins/auth';
import { addSection, archiveSection, getSections, updateSection } from './sections.usecases';

/** The floor's sections (docs/kitchen.md): set up by the manager, read by the waiters. */
export const sectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock } = app.deps;
  const db = database.db;
  const tags = ['tables'];
  const manage = 'kitchen.manage' as const;

  app.get(
    '/tables/sections',
    {
      config: { access: 'tables.use' },
      schema: {
        tags,
        summary: "The branch's floor sections, in their order",
        response: { 200: sectionListSchema, ...errorResponses() },
      },
    },
    async (request) => getSections({ db, branchId: branchIdOf(request) }),
  );

  app.post(
    '/tables/sections',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Add a floor section, placed last (manager)',
        body: createSectionBodySchema,
        response: { 201: sectionSchema, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const section = await addSection({ db, clock, ...actorOf(request), name: request.body.name });
      return reply.status(201).send(section);
    },
  );

  app.put(
    '/tables/sections/:sectionId',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Rename a floor section or move it to another position (manager)',
        params: sectionIdParam,
        body: updateSectionBodySchema,
        response: { 200: sectionSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      updateSection({
        db,
        clock,
        ...actorOf(request),
        sectionId: request.params.sectionId,
        input: request.body,
      }),
  );

  app.delete(
    '/tables/sections/:sectionId',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Archive a floor section; its tables are left without one (manager)',
        params: sectionIdParam,
        response: { 200: okSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      await archiveSection({ db, clock, ...actorOf(request), sectionId: request.params.sectionId });
      return { ok: true as const };
    },
  );
};
