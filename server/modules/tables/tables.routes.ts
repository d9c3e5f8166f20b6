import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '../../../shared/schemas/auth.schemas';
import {
  guestsBodySchema,
  lineChangeSchema,
  tableBodySchema,
  tableIdParam,
  tableListSchema,
  tableOrderSchema,
  tableSummarySchema,
} from '../../../shared/schemas/tables.schemas';
import { CommittedEvents } from '../../lib/events';
import { errorResponses } from '../../lib/route-errors';
import { actorOf, branchIdOf } from '../../plugins/auth';
import {
  addTable,
  getTableOrder,
  listTables,
  removeTable,
  renameTable,
  setTableGuests,
} from './tables.usecases';
import { changeLine } from './tables.lines.usecases';

export const tableRoutes: FastifyPluginAsyncZod = async (app) => {
  // The taps of each branch, one database call at a time per branch (group commit).
  const { database, clock, taps } = app.deps;
  const db = database.db;
  // The taps' live events, sent after each tap commits (server/lib/events.ts).
  const events = new CommittedEvents(database, app.log);
  app.addHook('onClose', () => events.close());
  const tags = ['tables'];
  const use = 'tables.use' as const;
  // Renaming and removing tables is the manager's, like the branch's other settings.
  const manage = 'branchSettings.manage' as const;
  app.get(
    '/tables',
    {
      config: { access: use },
      schema: {
        tags,
        summary: 'Tables / Billing: every table with its running amount, items and opening time',
        response: { 200: tableListSchema, ...errorResponses() },
      },
    },
    async (request) => listTables({ db, branchId: branchIdOf(request) }),
  );

  app.post(
    '/tables',
    {
      config: { access: use },
      schema: {
        tags,
        summary: 'Add New Table (the label is unique among live tables), in a section if given',
        body: tableBodySchema,
        response: { 201: tableSummarySchema, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const { label, sectionId } = request.body;
      const table = await addTable({ db, clock, ...actorOf(request), label, sectionId });
      return reply.status(201).send(table);
    },
  );

  app.patch(
    '/tables/:tableId',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Rename a table and set its section (manager)',
        params: tableIdParam,
        body: tableBodySchema,
        response: { 200: tableSummarySchema, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      renameTable({
        db,
        clock,
        ...actorOf(request),
        tableId: request.params.tableId,
        label: request.body.label,
        sectionId: request.body.sectionId,
      }),
  );

  app.delete(
    '/tables/:tableId',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Remove an empty table (manager; archived, bills keep it)',
        params: tableIdParam,
        response: { 200: okSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      await removeTable({ db, clock, ...actorOf(request), tableId: request.params.tableId });
      return { ok: true as const };
    },
  );

  app.get(
    '/tables/:tableId/order',
    {
      config: { access: use },
      schema: {
        tags,
        summary: "A table's open order",
        params: tableIdParam,
        response: { 200: tableOrderSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      getTableOrder({ db, branchId: branchIdOf(request), tableId: request.params.tableId }),
  );

  app.post(
    '/tables/:tableId/lines',
    {
      config: { access: use, keepsSessions: true },
      schema: {
        tags,
        summary: 'Change one line of the order by a delta, exactly once per opId',
        params: tableIdParam,
        body: lineChangeSchema,
        response: { 200: tableOrderSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      changeLine({
        db,
        clock,
        taps,
        events,
        ...actorOf(request),
        tableId: request.params.tableId,
        change: request.body,
      }),
  );

  app.put(
    '/tables/:tableId/guests',
    {
      config: { access: use },
      schema: {
        tags,
        summary: 'Set the guests seated at the table (covers), cleared by the payment',
        params: tableIdParam,
        body: guestsBodySchema,
        response: { 200: tableOrderSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      setTableGuests({
        db,
        clock,
        ...actorOf(request),
        tableId: request.params.tableId,
        guests: request.body.guests,
      }),
  );
};
