import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '../../../shared/schemas/auth.schemas';
import { uuidParam } from '../../../shared/schemas/common.schemas';
import {
  categoriesQuerySchema,
  categoriesSchema,
  createIngredientBodySchema,
  inventoryHistorySchema,
  inventoryItemSchema,
  inventoryListQuerySchema,
  inventoryListSchema,
  reversalBodySchema,
  reversalParamsSchema,
  stockSubmissionBodySchema,
  stockSubmissionResultSchema,
  updateIngredientBodySchema,
} from '../../../shared/schemas/inventory.schemas';
import { can } from '../../../shared/permissions';
import { errorResponses } from '../../lib/route-errors';
import { actorOf, authOf, branchIdOf } from '../../plugins/auth';
import {
  addIngredient,
  deleteIngredient,
  editIngredient,
  getInventoryItem,
  inventoryHistory,
  listCategories,
  listInventory,
  withoutMoney,
} from './inventory.usecases';
import { reverseStockEntry, submitStock } from './inventory.stock.usecases';

export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock } = app.deps;
  const db = database.db;
  const tags = ['inventory'];
  const view = 'inventory.view' as const;
  const manage = 'inventory.manage' as const;
  /** Money of the store (values, purchase prices) is for those who manage it. */
  const seesMoney = (request: Parameters<typeof authOf>[0]) =>
    can(authOf(request).user.role, manage);
  app.get(
    '/inventory',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'Inventory dashboard: items, low-stock count, store value',
        querystring: inventoryListQuerySchema,
        response: { 200: inventoryListSchema, ...errorResponses() },
      },
    },
    async (request) => {
      const list = await listInventory({
        db,
        branchId: branchIdOf(request),
        filter: request.query,
      });
      return seesMoney(request) ? list : withoutMoney.list(list);
    },
  );

  app.get(
    '/inventory/categories',
    {
      config: { access: view },
      schema: {
        tags,
        summary: "The branch's ingredient categories starting with a prefix",
        querystring: categoriesQuerySchema,
        response: { 200: categoriesSchema, ...errorResponses() },
      },
    },
    async (request) =>
      listCategories({ db, branchId: branchIdOf(request), prefix: request.query.prefix }),
  );

  app.get(
    '/inventory/:id',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'One inventory item',
        params: uuidParam,
        response: { 200: inventoryItemSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const item = await getInventoryItem({
        db,
        branchId: branchIdOf(request),
        id: request.params.id,
      });
      return seesMoney(request) ? item : withoutMoney.item(item);
    },
  );

  app.get(
    '/inventory/:id/history',
    {
      config: { access: view },
      schema: {
        tags,
        summary: "An item's history, newest first",
        params: uuidParam,
        response: { 200: inventoryHistorySchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const history = await inventoryHistory({
        db,
        branchId: branchIdOf(request),
        id: request.params.id,
      });
      return seesMoney(request) ? history : withoutMoney.history(history);
    },
  );

  app.post(
    '/inventory',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Add New Ingredient',
        body: createIngredientBodySchema,
        response: { 201: inventoryItemSchema, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const item = await addIngredient({ db, clock, ...actorOf(request), input: request.body });
      return reply.status(201).send(item);
    },
  );

  app.put(
    '/inventory/:id',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Edit Inventory Item (a quantity change with a reason is a correction)',
        params: uuidParam,
        body: updateIngredientBodySchema,
        response: { 200: inventoryItemSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      editIngredient({
        db,
        clock,
        ...actorOf(request),
        id: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    '/inventory/:id',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Delete an item unless a recipe uses it (history kept)',
        params: uuidParam,
        response: { 200: okSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      await deleteIngredient({ db, clock, ...actorOf(request), id: request.params.id });
      return { ok: true as const };
    },
  );

  app.post(
    '/inventory/:id/history/:movementId/reversal',
    {
      config: { access: manage },
      schema: {
        tags,
        summary:
          'Reverse a stock entry made by mistake: a linked correcting row takes its stock back, its purchase stops counting (once)',
        params: reversalParamsSchema,
        body: reversalBodySchema,
        response: { 200: inventoryItemSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      reverseStockEntry({
        db,
        clock,
        ...actorOf(request),
        id: request.params.id,
        movementId: request.params.movementId,
        input: request.body,
      }),
  );

  app.post(
    '/stock/submissions',
    {
      config: { access: 'stock.add' },
      schema: {
        tags,
        summary: 'Submit All Stock Entries: one transaction, once per idempotency key',
        body: stockSubmissionBodySchema,
        response: {
          200: stockSubmissionResultSchema,
          201: stockSubmissionResultSchema,
          ...errorResponses(404, 409),
        },
      },
    },
    async (request, reply) => {
      const result = await submitStock({ db, clock, ...actorOf(request), input: request.body });
      return reply.status(result.replayed ? 200 : 201).send(result);
    },
  );
};
