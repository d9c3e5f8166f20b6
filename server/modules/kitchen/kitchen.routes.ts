import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '../../../shared/schemas/auth.schemas';
import {
  itemIdParam,
  itemStateSchema,
  kitchenFloorSchema,
  kitchenSettingsAnswerSchema,
  kitchenSettingsSchema,
  kotIdParam,
  kotSchema,
  kotTicketSchema,
  routesBodySchema,
  sendKotAnswerSchema,
  sendKotSchema,
  stationBodySchema,
  stationIdParam,
  stationSchema,
  stationsAnswerSchema,
  tableKotsSchema,
  ticketIdParam,
  ticketsAnswerSchema,
  ticketsQuerySchema,
} from '../../../shared/schemas/kitchen.schemas';
import { tableIdParam } from '../../../shared/schemas/tables.schemas';
import { errorResponses } from '../../lib/route-errors';
import { actorOf, branchIdOf } from '../../plugins/auth';
import {
  bumpTicket,
  kitchenFloor,
  kitchenTickets,
  recallTicket,
  reprintKot,
  sendKot,
  setItemState,
  tableKots,
} from './kitchen.usecases';
import {
  addStation,
  archiveStation,
  getKitchenSettings,
  saveKitchenSettings,
  saveRoutes,
  stationsAnswer,
  updateStation,
} from './kitchen.settings.usecases';

/** KOTs, the kitchen display, stations, routes and settings (docs/kitchen.md). */
export const kitchenRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock } = app.deps;
  const db = database.db;
  const tags = ['kitchen'];
  const use = 'tables.use' as const;
  const display = 'kitchen.display' as const;
  const manage = 'kitchen.manage' as const;

  app.post(
    '/tables/:tableId/kots',
    {
      config: { access: use, keepsSessions: true },
      schema: {
        tags,
        summary: 'Send to kitchen: what the order has not sent yet, as one KOT (once per opId)',
        params: tableIdParam,
        body: sendKotSchema,
        response: { 200: sendKotAnswerSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      sendKot({
        db,
        clock,
        ...actorOf(request),
        tableId: request.params.tableId,
        opId: request.body.opId,
        auto: request.body.auto,
      }),
  );

  app.get(
    '/tables/:tableId/kots',
    {
      config: { access: use },
      schema: {
        tags,
        summary: "The current order's KOTs, oldest first, with their items' kitchen states",
        params: tableIdParam,
        response: { 200: tableKotsSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      tableKots({ db, branchId: branchIdOf(request), tableId: request.params.tableId }),
  );

  app.post(
    '/kots/:kotId/reprint',
    {
      config: { access: use, keepsSessions: true },
      schema: {
        tags,
        summary: 'Reprint a KOT (counted, marked REPRINT; nothing is sent again)',
        params: kotIdParam,
        response: { 200: kotSchema, ...errorResponses(404) },
      },
    },
    async (request) => reprintKot({ db, clock, ...actorOf(request), kotId: request.params.kotId }),
  );

  app.get(
    '/kitchen/tickets',
    {
      config: { access: display },
      schema: {
        tags,
        summary: "The kitchen display: open tickets (one station's, or all), the last bumped",
        querystring: ticketsQuerySchema,
        response: { 200: ticketsAnswerSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      kitchenTickets({
        db,
        clock,
        branchId: branchIdOf(request),
        stationId: request.query.station,
      }),
  );

  app.post(
    '/kitchen/items/:itemId/state',
    {
      config: { access: display, keepsSessions: true },
      schema: {
        tags,
        summary: 'Move an item (new, preparing, ready); its ticket is bumped when all are ready',
        params: itemIdParam,
        body: itemStateSchema,
        response: { 200: kotTicketSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      setItemState({
        db,
        clock,
        ...actorOf(request),
        itemId: request.params.itemId,
        state: request.body.state,
      }),
  );

  app.post(
    '/kitchen/tickets/:ticketId/bump',
    {
      config: { access: display, keepsSessions: true },
      schema: {
        tags,
        summary: 'Bump a ticket off the display (its items ready)',
        params: ticketIdParam,
        response: { 200: kotTicketSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      bumpTicket({ db, clock, ...actorOf(request), ticketId: request.params.ticketId }),
  );

  app.post(
    '/kitchen/tickets/:ticketId/recall',
    {
      config: { access: display, keepsSessions: true },
      schema: {
        tags,
        summary: 'Bring a bumped ticket back on the display (its items preparing)',
        params: ticketIdParam,
        response: { 200: kotTicketSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      recallTicket({ db, clock, ...actorOf(request), ticketId: request.params.ticketId }),
  );

  app.get(
    '/kitchen/floor',
    {
      config: { access: use },
      schema: {
        tags,
        summary: "Per table with an open order: its items cooking and ready (the cards' badges)",
        response: { 200: kitchenFloorSchema, ...errorResponses() },
      },
    },
    async (request) => kitchenFloor({ db, branchId: branchIdOf(request) }),
  );

  app.get(
    '/kitchen/stations',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Stations, the subcategories routed to them and every subcategory (manager)',
        response: { 200: stationsAnswerSchema, ...errorResponses() },
      },
    },
    async (request) => stationsAnswer(db, branchIdOf(request)),
  );

  app.post(
    '/kitchen/stations',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Add a station (manager; the name is unique among live stations)',
        body: stationBodySchema,
        response: { 201: stationSchema, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const station = await addStation({ db, clock, ...actorOf(request), ...request.body });
      return reply.status(201).send(station);
    },
  );

  app.put(
    '/kitchen/stations/:stationId',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Rename or move a station (manager)',
        params: stationIdParam,
        body: stationBodySchema,
        response: { 200: stationSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      updateStation({
        db,
        clock,
        ...actorOf(request),
        stationId: request.params.stationId,
        ...request.body,
      }),
  );

  app.delete(
    '/kitchen/stations/:stationId',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Remove a station (manager; archived, tickets keep its name)',
        params: stationIdParam,
        response: { 200: okSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      await archiveStation({
        db,
        clock,
        ...actorOf(request),
        stationId: request.params.stationId,
      });
      return { ok: true as const };
    },
  );

  app.put(
    '/kitchen/routes',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: "Route subcategories to stations (manager; replaces the branch's routes)",
        body: routesBodySchema,
        response: { 200: stationsAnswerSchema, ...errorResponses(409) },
      },
    },
    async (request) => saveRoutes({ db, clock, ...actorOf(request), routes: request.body.routes }),
  );

  app.get(
    '/kitchen/settings',
    {
      config: { access: use },
      schema: {
        tags,
        summary: "The branch's kitchen settings (the defaults until saved)",
        response: { 200: kitchenSettingsAnswerSchema, ...errorResponses() },
      },
    },
    async (request) => getKitchenSettings({ db, branchId: branchIdOf(request) }),
  );

  app.put(
    '/kitchen/settings',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Save the kitchen settings (manager)',
        body: kitchenSettingsSchema,
        response: { 200: kitchenSettingsAnswerSchema, ...errorResponses() },
      },
    },
    async (request) =>
      saveKitchenSettings({ db, clock, ...actorOf(request), settings: request.body }),
  );
};
