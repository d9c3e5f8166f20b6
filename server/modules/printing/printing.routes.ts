import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { can } from '../../../shared/permissions';
import { okSchema } from '../../../shared/schemas/auth.schemas';
import { uuidSchema } from '../../../shared/schemas/common.schemas';
import { kotIdParam } from '../../../shared/schemas/kitchen.schemas';
import {
  escposQuerySchema,
  printerBodySchema,
  printerIdParam,
  printerSchema,
  printersSchema,
  printJobIdParam,
  printJobSchema,
  printJobsQuerySchema,
  printJobsSchema,
  receiptSettingsBodySchema,
  receiptSettingsSchema,
} from '../../../shared/schemas/printing.schemas';
import { errorResponses } from '../../lib/route-errors';
import { actorOf, authOf, branchIdOf } from '../../plugins/auth';
import { PrinterNetworks } from './printer-networks';
import {
  addPrinter,
  archivePrinter,
  listPrinters,
  updatePrinter,
} from './printing.printers.usecases';
import { billEscposFor, kotEscposFor, testEscposFor } from './printing.bytes.usecases';
import {
  getReceiptSettings,
  listJobs,
  queueTestPage,
  reprintBill,
  retryJob,
  saveReceiptSettings,
} from './printing.usecases';

const billIdParam = z.object({ billId: uuidSchema });

/**
 * The escpos routes' query: `printer` is required, but checked after the bill or KOT is found,
 * so another branch's id answers 404 whatever the query (the use case answers 400 naming
 * `printer` when it is missing).
 */
const escposQuery = escposQuerySchema.extend({ printer: uuidSchema.optional() });

const bytesAnswer = z.string().describe('ESC/POS commands (application/octet-stream)');

function sendBytes(reply: FastifyReply, bytes: Uint8Array) {
  // A Buffer is sent as it is (no serializer runs on it).
  return reply
    .type('application/octet-stream')
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/** Printers, the print queue's jobs, receipt settings, ESC/POS bytes (docs/printing.md). */
export const printingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock, config } = app.deps;
  const db = database.db;
  const networks = new PrinterNetworks(config.PRINTER_ALLOWED_NETWORKS);
  const tags = ['printing'];
  const use = 'tables.use' as const;
  const manage = 'branchSettings.manage' as const;
  /** Managers reach bills of any day (the payments report's reprint), staff today's and dues. */
  const anyDayOf = (request: Parameters<typeof authOf>[0]) =>
    can(authOf(request).user.role, 'reports.view');

  app.get(
    '/printers',
    {
      config: { access: use },
      schema: {
        tags,
        summary: "The branch's printers (not the removed ones)",
        response: { 200: printersSchema, ...errorResponses() },
      },
    },
    async (request) => listPrinters({ db, branchId: branchIdOf(request) }),
  );

  app.post(
    '/printers',
    {
      config: { access: manage, keepsSessions: true },
      schema: {
        tags,
        summary: 'Add a printer (manager); a network printer only at an allowed address',
        body: printerBodySchema,
        response: { 201: printerSchema, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const printer = await addPrinter({
        db,
        clock,
        ...actorOf(request),
        printer: request.body,
        networks,
      });
      return reply.status(201).send(printer);
    },
  );

  app.put(
    '/printers/:printerId',
    {
      config: { access: manage, keepsSessions: true },
      schema: {
        tags,
        summary: 'Change a printer (manager)',
        params: printerIdParam,
        body: printerBodySchema,
        response: { 200: printerSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      updatePrinter({
        db,
        clock,
        ...actorOf(request),
        printerId: request.params.printerId,
        printer: request.body,
        networks,
      }),
  );

  app.delete(
    '/printers/:printerId',
    {
      config: { access: manage, keepsSessions: true },
      schema: {
        tags,
        summary: 'Remove a printer (manager; archived: its jobs keep its name)',
        params: printerIdParam,
        response: { 200: okSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      await archivePrinter({ db, clock, ...actorOf(request), printerId: request.params.printerId });
      return { ok: true as const };
    },
  );

  app.post(
    '/printers/:printerId/test',
    {
      config: { access: manage, keepsSessions: true },
      schema: {
        tags,
        summary: 'Queue a test page on a network printer (manager; at most 20 an hour each)',
        params: printerIdParam,
        response: { 201: printJobSchema, ...errorResponses(404, 409, 429) },
      },
    },
    async (request, reply) => {
      const job = await queueTestPage({
        db,
        clock,
        ...actorOf(request),
        printerId: request.params.printerId,
      });
      return reply.status(201).send(job);
    },
  );

  app.get(
    '/printers/:printerId/test-escpos',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: "A test page's ESC/POS bytes for a device's printer (manager)",
        params: printerIdParam,
        produces: ['application/octet-stream'],
        response: { 200: bytesAnswer, ...errorResponses(404) },
      },
    },
    async (request, reply) =>
      sendBytes(
        reply,
        await testEscposFor({
          db,
          clock,
          branchId: branchIdOf(request),
          printerId: request.params.printerId,
        }),
      ),
  );

  app.get(
    '/print-jobs',
    {
      config: { access: use },
      schema: {
        tags,
        summary: "Print jobs, newest first: a bill's, a KOT's, or the branch's latest",
        querystring: printJobsQuerySchema,
        response: { 200: printJobsSchema, ...errorResponses() },
      },
    },
    async (request) =>
      listJobs({
        db,
        branchId: branchIdOf(request),
        billId: request.query.billId,
        kotId: request.query.kotId,
      }),
  );

  app.post(
    '/print-jobs/:jobId/retry',
    {
      config: { access: use, keepsSessions: true },
      schema: {
        tags,
        summary: 'Send a failed print job again (any other state: 409)',
        params: printJobIdParam,
        response: { 200: printJobSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => retryJob({ db, clock, ...actorOf(request), jobId: request.params.jobId }),
  );

  app.post(
    '/bills/:billId/print',
    {
      config: { access: use, keepsSessions: true },
      schema: {
        tags,
        summary:
          'Reprint a bill (DUPLICATE) on every network printer that prints bills; staff reprint the bills they may read',
        params: billIdParam,
        response: { 201: printJobsSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const jobs = await reprintBill({
        db,
        clock,
        ...actorOf(request),
        billId: request.params.billId,
        anyDay: anyDayOf(request),
      });
      return reply.status(201).send(jobs);
    },
  );

  app.get(
    '/bills/:billId/escpos',
    {
      config: { access: use },
      schema: {
        tags,
        summary:
          "A bill's ESC/POS bytes for a device's printer (the bills GET /api/bills/:id reads)",
        params: billIdParam,
        querystring: escposQuery,
        produces: ['application/octet-stream'],
        response: { 200: bytesAnswer, ...errorResponses(404) },
      },
    },
    async (request, reply) =>
      sendBytes(
        reply,
        await billEscposFor({
          db,
          clock,
          branchId: branchIdOf(request),
          billId: request.params.billId,
          anyDay: anyDayOf(request),
          printerId: request.query.printer,
          reprint: request.query.reprint === 'true',
        }),
      ),
  );

  app.get(
    '/kots/:kotId/escpos',
    {
      config: { access: use },
      schema: {
        tags,
        summary:
          "A KOT's ESC/POS bytes for a device's printer: the parts of the stations it prints (none: empty)",
        params: kotIdParam,
        querystring: escposQuery,
        produces: ['application/octet-stream'],
        response: { 200: bytesAnswer, ...errorResponses(404) },
      },
    },
    async (request, reply) =>
      sendBytes(
        reply,
        await kotEscposFor({
          db,
          branchId: branchIdOf(request),
          kotId: request.params.kotId,
          printerId: request.query.printer,
          reprint: request.query.reprint === 'true',
        }),
      ),
  );

  app.get(
    '/receipt-settings',
    {
      config: { access: use },
      schema: {
        tags,
        summary: "What the branch's bills print besides the bill: the UPI id (QR) and the footer",
        response: { 200: receiptSettingsSchema, ...errorResponses() },
      },
    },
    async (request) => getReceiptSettings({ db, branchId: branchIdOf(request) }),
  );

  app.put(
    '/receipt-settings',
    {
      config: { access: manage, keepsSessions: true },
      schema: {
        tags,
        summary: 'Save the receipt settings (manager)',
        body: receiptSettingsBodySchema,
        response: { 200: receiptSettingsSchema, ...errorResponses() },
      },
    },
    async (request) =>
      saveReceiptSettings({ db, clock, ...actorOf(request), settings: request.body }),
  );
};
