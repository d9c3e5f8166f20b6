import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billPrintSchema,
  billSchema,
  equalSplitBillsSchema,
  equalSplitBodySchema,
  lastBillSchema,
  orderChangedSchema,
  paymentBodySchema,
} from '../../../shared/schemas/billing.schemas';
import { MAX_TODAY_BILLS, todayBillsSchema } from '../../../shared/schemas/bill-print.schemas';
import {
  associatedOrdersSchema,
  settleBodySchema,
} from '../../../shared/schemas/payments-report.schemas';
import { tableIdParam } from '../../../shared/schemas/tables.schemas';
import { errorBodySchema, uuidParam } from '../../../shared/schemas/common.schemas';
import { errorResponses } from '../../lib/route-errors';
import { can } from '../../../shared/permissions';
import { actorOf, authOf, branchIdOf, branchOf } from '../../plugins/auth';
import { OrderChangedError } from './billing.errors';
import { getBillForPrint, lastBillOfTable, payTable, todaysBills } from './billing.usecases';
import { associatedOrders, settleBill } from './billing.settle.usecases';
import { payTableInParts } from './billing.split.usecases';

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock } = app.deps;
  const db = database.db;
  const tags = ['billing'];
  const use = 'tables.use' as const;
  app.post(
    '/tables/:tableId/payments',
    {
      config: { access: use, keepsSessions: true },
      schema: {
        tags,
        summary:
          "Pay a table's order: one numbered bill, stock taken, table cleared (201; the same idempotency key again answers 200 with the first bill)",
        params: tableIdParam,
        body: paymentBodySchema,
        response: {
          200: billSchema,
          201: billSchema,
          ...errorResponses(404),
          // The order changed on another device, or the year's bill numbers are used up.
          409: orderChangedSchema.or(errorBodySchema),
        },
      },
    },
    async (request, reply) => {
      try {
        const { bill, created } = await payTable({
          db,
          clock,
          ...actorOf(request),
          tableId: request.params.tableId,
          input: request.body,
        });
        return reply.status(created ? 201 : 200).send(bill);
      } catch (error) {
        if (!(error instanceof OrderChangedError)) throw error;
        return reply
          .status(409)
          .send({ error: { code: error.code, message: error.message }, order: error.order });
      }
    },
  );

  app.post(
    '/tables/:tableId/payments/equal-split',
    {
      config: { access: use, keepsSessions: true },
      schema: {
        tags,
        summary:
          "Pay a table's whole order as 2–20 equal parts, each its own numbered bill with its own tax and payments (201; the same idempotency key again answers 200 with the parts' bills)",
        params: tableIdParam,
        body: equalSplitBodySchema,
        response: {
          200: equalSplitBillsSchema,
          201: equalSplitBillsSchema,
          ...errorResponses(404),
          409: orderChangedSchema.or(errorBodySchema),
        },
      },
    },
    async (request, reply) => {
      try {
        const { bills, created } = await payTableInParts({
          db,
          clock,
          ...actorOf(request),
          tableId: request.params.tableId,
          input: request.body,
        });
        return reply.status(created ? 201 : 200).send({ bills });
      } catch (error) {
        if (!(error instanceof OrderChangedError)) throw error;
        return reply
          .status(409)
          .send({ error: { code: error.code, message: error.message }, order: error.order });
      }
    },
  );

  app.get(
    '/tables/:tableId/last-bill',
    {
      config: { access: use },
      schema: {
        tags,
        summary:
          "The table's most recent bill (number, amount, when), null if none: was a table whose order just emptied paid, and by which bill?",
        params: tableIdParam,
        response: { 200: lastBillSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      lastBillOfTable({ db, branchId: branchIdOf(request), tableId: request.params.tableId }),
  );

  app.get(
    '/bills/today',
    {
      config: { access: use },
      schema: {
        tags,
        summary: `The branch's bills of today (its business day), newest first, at most ${MAX_TODAY_BILLS}: number, table, total, status and time, to reprint`,
        response: { 200: todayBillsSchema, ...errorResponses() },
      },
    },
    async (request) => todaysBills({ db, clock, ...branchOf(request) }),
  );

  app.get(
    '/bills/:id',
    {
      config: { access: use },
      schema: {
        tags,
        summary:
          "A bill with the branch's name, address, phone and GSTIN, to print; staff (without reports) read today's bills and bills still Due only, any other answers 404",
        params: uuidParam,
        response: { 200: billPrintSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      getBillForPrint({
        db,
        clock,
        branchId: branchIdOf(request),
        id: request.params.id,
        // The payments report's reprint (managers) reaches back to any day.
        anyDay: can(authOf(request).user.role, 'reports.view'),
      }),
  );

  app.post(
    '/bills/:id/settlement',
    {
      config: { access: 'dues.settle' },
      schema: {
        tags,
        summary:
          'Settle a Due bill with a method (the rest of its money is one more payment row); a bill that is not Due is answered unchanged',
        params: uuidParam,
        body: settleBodySchema,
        response: { 200: billSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { bill } = await settleBill({
        db,
        clock,
        ...actorOf(request),
        id: request.params.id,
        method: request.body.method,
        shiftId: request.body.shiftId,
      });
      return bill;
    },
  );

  app.get(
    '/bills/:id/associated-orders',
    {
      // The dues screen (staff too) and the payment report (managers, who hold it as well).
      config: { access: 'dues.settle' },
      schema: {
        tags,
        summary:
          "A bill's lines, payments and status history (the 'Associated Orders' panel); who may read which bill as GET /api/bills/:id",
        params: uuidParam,
        response: { 200: associatedOrdersSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      associatedOrders({
        db,
        clock,
        ...branchOf(request),
        id: request.params.id,
        // The one rule of GET /api/bills/:id (assertMayRead): staff read today's bills and dues.
        anyDay: can(authOf(request).user.role, 'reports.view'),
      }),
  );
};
