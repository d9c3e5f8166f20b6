import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { IsoDate } from '../../../shared/dates';
import { can } from '../../../shared/permissions';
import { okSchema } from '../../../shared/schemas/auth.schemas';
import {
  cashEntryBodySchema,
  cashSettingsSchema,
  closeDayAnswerSchema,
  closeShiftBodySchema,
  counterBodySchema,
  counterSchema,
  countersSchema,
  dayBodySchema,
  dayQuerySchema,
  dayStatusSchema,
  openShiftBodySchema,
  printDayReportBodySchema,
  reopenDayBodySchema,
  shiftIdParam,
  shiftSchema,
  shiftsQuerySchema,
  shiftsSchema,
} from '../../../shared/schemas/cash.schemas';
import { uuidParam } from '../../../shared/schemas/common.schemas';
import { errorResponses } from '../../lib/route-errors';
import { actorOf, authOf, branchIdOf, branchOf } from '../../plugins/auth';
import {
  addCashEntry,
  addCounter,
  getCashSettings,
  listCounters,
  listShifts,
  openShift,
  renameCounter,
  saveCashSettings,
} from './cash.usecases';
import { closeShift } from './cash.close.usecases';
import { closeDay, getDay, printDay, reopenDay } from './days.usecases';

/** The cash drawer and day close (docs/cash.md). */
export const cashRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock, mailer } = app.deps;
  const db = database.db;
  const tags = ['cash'];
  const drawer = 'cash.drawer' as const;
  const manage = 'day.close' as const;
  /** Managers see an open shift's expected cash; staff count blind. */
  const managerView = (request: Parameters<typeof authOf>[0]) =>
    can(authOf(request).user.role, 'day.close');
  const dateOf = (input: { date: string }) => input.date as IsoDate;

  app.get(
    '/cash/counters',
    {
      config: { access: drawer },
      schema: {
        tags,
        summary: "The branch's counters (a branch without any gets Counter 1)",
        response: { 200: countersSchema, ...errorResponses() },
      },
    },
    async (request) => listCounters({ db, branchId: branchIdOf(request) }),
  );

  app.post(
    '/cash/counters',
    {
      config: { access: manage, keepsSessions: true },
      schema: {
        tags,
        summary: 'Add a counter',
        body: counterBodySchema,
        response: { 201: counterSchema, ...errorResponses(400, 409) },
      },
    },
    async (request, reply) => {
      const counter = await addCounter({ db, clock, ...actorOf(request), name: request.body.name });
      return reply.status(201).send(counter);
    },
  );

  app.patch(
    '/cash/counters/:id',
    {
      config: { access: manage, keepsSessions: true },
      schema: {
        tags,
        summary: 'Rename a counter',
        params: uuidParam,
        body: counterBodySchema,
        response: { 200: counterSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) =>
      renameCounter({
        db,
        clock,
        ...actorOf(request),
        id: request.params.id,
        name: request.body.name,
      }),
  );

  app.get(
    '/cash/settings',
    {
      config: { access: drawer },
      schema: {
        tags,
        summary: 'The difference limit above which a closing count needs a manager',
        response: { 200: cashSettingsSchema, ...errorResponses() },
      },
    },
    async (request) => getCashSettings({ db, branchId: branchIdOf(request) }),
  );

  app.put(
    '/cash/settings',
    {
      config: { access: manage, keepsSessions: true },
      schema: {
        tags,
        summary: 'Set the difference limit',
        body: cashSettingsSchema,
        response: { 200: cashSettingsSchema, ...errorResponses(400) },
      },
    },
    async (request) => saveCashSettings({ db, clock, ...actorOf(request), settings: request.body }),
  );

  app.get(
    '/cash/shifts',
    {
      config: { access: drawer },
      schema: {
        tags,
        summary: "A business day's shifts (today's by default)",
        querystring: shiftsQuerySchema,
        response: { 200: shiftsSchema, ...errorResponses(400) },
      },
    },
    async (request) =>
      listShifts({
        db,
        clock,
        ...branchOf(request),
        date: request.query.date,
        managerView: managerView(request),
      }),
  );

  app.post(
    '/cash/shifts',
    {
      config: { access: drawer, keepsSessions: true },
      schema: {
        tags,
        summary: 'Open a shift at a counter with its counted float',
        body: openShiftBodySchema,
        response: { 201: shiftSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const shift = await openShift({
        db,
        clock,
        ...actorOf(request),
        input: request.body,
        managerView: managerView(request),
      });
      return reply.status(201).send(shift);
    },
  );

  app.post(
    '/cash/shifts/:shiftId/entries',
    {
      config: { access: drawer, keepsSessions: true },
      schema: {
        tags,
        summary: 'Cash in or out of an open shift, with its reason',
        params: shiftIdParam,
        body: cashEntryBodySchema,
        response: { 200: shiftSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) =>
      addCashEntry({
        db,
        clock,
        ...actorOf(request),
        shiftId: request.params.shiftId,
        input: request.body,
        managerView: managerView(request),
      }),
  );

  app.post(
    '/cash/shifts/:shiftId/close',
    {
      config: { access: drawer, keepsSessions: true },
      schema: {
        tags,
        summary: 'Close a shift with its count; a difference above the limit needs a manager',
        params: shiftIdParam,
        body: closeShiftBodySchema,
        response: { 200: shiftSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request) =>
      closeShift({
        db,
        clock,
        mailer,
        ...actorOf(request),
        sessionId: authOf(request).sessionId,
        shiftId: request.params.shiftId,
        input: request.body,
        isManager: managerView(request),
      }),
  );

  app.get(
    '/days',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'A business day: closed or not, its shifts, and its X (open) or Z (closed) report',
        querystring: dayQuerySchema,
        response: { 200: dayStatusSchema, ...errorResponses(400) },
      },
    },
    async (request) => getDay({ db, clock, ...branchOf(request), date: dateOf(request.query) }),
  );

  app.post(
    '/days/close',
    {
      config: { access: manage, keepsSessions: true },
      schema: {
        tags,
        summary: 'Close a business day: its Z report, frozen and mailed to the managers',
        body: dayBodySchema,
        response: { 200: closeDayAnswerSchema, ...errorResponses(400, 409) },
      },
    },
    async (request) =>
      closeDay({ db, clock, mailer, ...actorOf(request), date: dateOf(request.body) }),
  );

  app.post(
    '/days/reopen',
    {
      config: { access: manage, keepsSessions: true },
      schema: {
        tags,
        summary: 'Reopen a closed business day, with the reason',
        body: reopenDayBodySchema,
        response: { 200: dayStatusSchema, ...errorResponses(400, 409) },
      },
    },
    async (request) => {
      const date = dateOf(request.body);
      await reopenDay({ db, clock, ...actorOf(request), date, reason: request.body.reason });
      return getDay({ db, clock, ...branchOf(request), date });
    },
  );

  app.post(
    '/days/print',
    {
      config: { access: manage, keepsSessions: true },
      schema: {
        tags,
        summary: "Print the day's report (Z if closed, else X) on a network printer",
        body: printDayReportBodySchema,
        response: { 200: okSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      await printDay({
        db,
        clock,
        ...actorOf(request),
        date: dateOf(request.body),
        printerId: request.body.printerId,
      });
      return { ok: true as const };
    },
  );
};
