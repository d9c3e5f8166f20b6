import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  floorChangeSchema,
  mergeBodySchema,
  moveBodySchema,
} from '../../../shared/schemas/floor.schemas';
import { tableIdParam } from '../../../shared/schemas/tables.schemas';
import { errorResponses } from '../../lib/route-errors';
import { actorOf } from '../../plugins/auth';
import { mergeTable, moveTable } from './floor.usecases';

/** Move and merge a table's order (docs/kitchen.md, "Move, merge, split"). */
export const floorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock } = app.deps;
  const db = database.db;
  const tags = ['floor'];
  const use = 'tables.use' as const;

  app.post(
    '/tables/:tableId/move',
    {
      config: { access: use },
      schema: {
        tags,
        summary: "Move a table's order to a free table, exactly once per opId",
        params: tableIdParam,
        body: moveBodySchema,
        response: { 200: floorChangeSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      moveTable({
        db,
        clock,
        ...actorOf(request),
        tableId: request.params.tableId,
        opId: request.body.opId,
        targetId: request.body.toTableId,
      }),
  );

  app.post(
    '/tables/:tableId/merge',
    {
      config: { access: use },
      schema: {
        tags,
        summary: "Merge a table's order into another table's, exactly once per opId",
        params: tableIdParam,
        body: mergeBodySchema,
        response: { 200: floorChangeSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      mergeTable({
        db,
        clock,
        ...actorOf(request),
        tableId: request.params.tableId,
        opId: request.body.opId,
        targetId: request.body.intoTableId,
      }),
  );
};
