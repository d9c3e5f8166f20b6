import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXPORT_FILES } from '../../../shared/constants';
import { okSchema } from '../../../shared/schemas/auth.schemas';
import { uuidParam } from '../../../shared/schemas/common.schemas';
import {
  STOCK_CSV_COLUMNS,
  stockOptionsSchema,
  vendorBodySchema,
  vendorDetailSchema,
  vendorListSchema,
  vendorPaymentBodySchema,
  vendorPaymentSchema,
  vendorPaymentsSummarySchema,
  vendorSchema,
  vendorStockListSchema,
  vendorStockQuerySchema,
} from '../../../shared/schemas/vendors.schemas';
import { sendCsv } from '../../lib/csv';
import { errorResponses } from '../../lib/route-errors';
import { can } from '../../../shared/permissions';
import { actorOf, authOf, branchIdOf } from '../../plugins/auth';
import {
  addVendor,
  addVendorPayment,
  archiveVendor,
  editVendor,
  getVendor,
  listVendors,
  paymentsSummary,
  stockOptions,
  vendorStock,
  vendorStockCsvRows,
} from './vendors.usecases';

export const vendorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock } = app.deps;
  const db = database.db;
  const tags = ['vendors'];
  const access = 'vendors.manage' as const;
  app.get(
    '/stock/options',
    {
      config: { access: 'stock.add' },
      schema: {
        tags,
        summary:
          "Add Stock choices: vendors, their categories and items (each item's latest purchase for managers only)",
        response: { 200: stockOptionsSchema, ...errorResponses() },
      },
    },
    async (request) =>
      stockOptions({
        db,
        branchId: branchIdOf(request),
        // The store's money (purchase prices) is for those who manage inventory.
        withMoney: can(authOf(request).user.role, 'inventory.manage'),
      }),
  );

  app.get(
    '/vendors',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Vendor Dashboard: vendors with items, total, paid and remaining',
        response: { 200: vendorListSchema, ...errorResponses() },
      },
    },
    async (request) => listVendors({ db, branchId: branchIdOf(request) }),
  );

  app.get(
    '/vendors/payments-summary',
    {
      config: { access },
      schema: {
        tags,
        summary: "Every vendor's total, paid and remaining, largest remaining first",
        response: { 200: vendorPaymentsSummarySchema, ...errorResponses() },
      },
    },
    async (request) => paymentsSummary({ db, branchId: branchIdOf(request) }),
  );

  app.post(
    '/vendors',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Add Vendor',
        body: vendorBodySchema,
        response: { 201: vendorSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const vendor = await addVendor({ db, clock, ...actorOf(request), input: request.body });
      return reply.status(201).send(vendor);
    },
  );

  app.get(
    '/vendors/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Vendor Details: money and payments',
        params: uuidParam,
        response: { 200: vendorDetailSchema, ...errorResponses(404) },
      },
    },
    async (request) => getVendor({ db, branchId: branchIdOf(request), id: request.params.id }),
  );

  app.put(
    '/vendors/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Edit a vendor (the whole vendor)',
        params: uuidParam,
        body: vendorBodySchema,
        response: { 200: vendorSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      editVendor({ db, clock, ...actorOf(request), id: request.params.id, input: request.body }),
  );

  app.delete(
    '/vendors/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Archive a vendor (hidden; purchases and payments kept)',
        params: uuidParam,
        response: { 200: okSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      await archiveVendor({ db, clock, ...actorOf(request), id: request.params.id });
      return { ok: true as const };
    },
  );

  app.get(
    '/vendors/:id/stock',
    {
      config: { access },
      schema: {
        tags,
        summary: "A vendor's stock purchases; invoice date matched as a substring",
        params: uuidParam,
        querystring: vendorStockQuerySchema,
        response: { 200: vendorStockListSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      vendorStock({
        db,
        branchId: branchIdOf(request),
        id: request.params.id,
        invoiceDate: request.query.invoiceDate,
      }),
  );

  app.get(
    '/vendors/:id/stock/csv',
    {
      config: { access },
      schema: {
        tags,
        summary: 'stock_details.csv of a vendor (same filter as the stock list)',
        params: uuidParam,
        querystring: vendorStockQuerySchema,
        produces: ['text/csv'],
        response: {
          200: z.string().describe('CSV: Invoice Date, Stock Name, Quantity, Unit, Price'),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const rows = await vendorStockCsvRows({
        db,
        branchId: branchIdOf(request),
        id: request.params.id,
        invoiceDate: request.query.invoiceDate,
      });
      return sendCsv(reply, EXPORT_FILES.stockDetails, STOCK_CSV_COLUMNS, rows);
    },
  );

  app.post(
    '/vendors/:id/payments',
    {
      config: { access },
      schema: {
        tags,
        summary: "Record a payment to a vendor (the spec's Add Comment)",
        params: uuidParam,
        body: vendorPaymentBodySchema,
        response: { 201: vendorPaymentSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const payment = await addVendorPayment({
        db,
        clock,
        ...actorOf(request),
        id: request.params.id,
        input: request.body,
      });
      return reply.status(201).send(payment);
    },
  );
};
