import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '../../../shared/schemas/auth.schemas';
import { uuidParam } from '../../../shared/schemas/common.schemas';
import { soldOutBodySchema } from '../../../shared/schemas/menu.schemas';
import {
  menuItemSchema,
  menuSchema,
  productBodySchema,
  productListSchema,
  productSchema,
  productTaxBodySchema,
  productTaxResultSchema,
  subcategoriesQuerySchema,
  subcategoriesSchema,
} from '../../../shared/schemas/products.schemas';
import { errorResponses } from '../../lib/route-errors';
import { actorOf, branchIdOf } from '../../plugins/auth';
import { addonGroupRoutes } from './addon-groups.routes';
import { menuRoutes } from './products.menu.routes';
import { addProduct, archiveProduct, editProduct, setProductsTax } from './products.write.usecases';
import { getProduct, listProducts, listSubcategories } from './products.usecases';
import { listMenu, setSoldOut } from './products.menu.usecases';

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock } = app.deps;
  const db = database.db;
  const tags = ['products'];
  const manage = 'products.manage' as const;
  app.get(
    '/products',
    {
      config: { access: manage },
      schema: {
        tags,
        summary:
          'Product List: products on sale in menu order, with variants, food cost, margin and run-out ingredients',
        response: { 200: productListSchema, ...errorResponses() },
      },
    },
    async (request) => listProducts({ db, branchId: branchIdOf(request), now: clock() }),
  );

  app.get(
    '/products/menu',
    {
      config: { access: 'products.view' },
      schema: {
        tags,
        summary:
          'The menu to order from, in menu order: products with variants, sold out, add-on groups, quick notes (no costs)',
        response: { 200: menuSchema, ...errorResponses() },
      },
    },
    async (request) => listMenu({ db, branchId: branchIdOf(request), now: clock() }),
  );

  app.get(
    '/products/subcategories',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: "The branch's subcategories containing a text (any case)",
        querystring: subcategoriesQuerySchema,
        response: { 200: subcategoriesSchema, ...errorResponses() },
      },
    },
    async (request) =>
      listSubcategories({ db, branchId: branchIdOf(request), search: request.query.search }),
  );

  app.get(
    '/products/:id',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'One product with its recipe, variants and add-on groups (archived ones too)',
        params: uuidParam,
        response: { 200: productSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      getProduct({ db, branchId: branchIdOf(request), id: request.params.id, now: clock() }),
  );

  app.post(
    '/products',
    {
      config: { access: manage },
      schema: {
        tags,
        summary:
          'Add New Product with its recipe, variants (with theirs), add-on groups, short code and colour',
        body: productBodySchema,
        response: { 201: productSchema, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const product = await addProduct({ db, clock, ...actorOf(request), input: request.body });
      return reply.status(201).send(product);
    },
  );

  app.put(
    '/products/:id',
    {
      config: { access: manage },
      schema: {
        tags,
        summary:
          'Edit Product: fields, recipe, variants (kept by id, others archived) and add-on groups (past bills keep their prices)',
        params: uuidParam,
        body: productBodySchema,
        response: { 200: productSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      editProduct({ db, clock, ...actorOf(request), id: request.params.id, input: request.body }),
  );

  app.patch(
    '/products/tax',
    {
      config: { access: manage },
      schema: {
        tags,
        summary:
          "Set GST rate, HSN/SAC or outside GST on many products at once (another branch's or an archived id: 404, nothing written)",
        body: productTaxBodySchema,
        response: { 200: productTaxResultSchema, ...errorResponses(404) },
      },
    },
    async (request) => setProductsTax({ db, clock, ...actorOf(request), input: request.body }),
  );

  app.delete(
    '/products/:id',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Archive a product: gone from ordering, kept in bills and reports',
        params: uuidParam,
        response: { 200: okSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      await archiveProduct({ db, clock, ...actorOf(request), id: request.params.id });
      return { ok: true as const };
    },
  );

  app.put(
    '/products/:id/sold-out',
    {
      config: { access: 'menu.soldOut' },
      schema: {
        tags,
        summary:
          'Sold out (86): mark a product or one of its variants sold out, or back on sale (every device greys it out live)',
        params: uuidParam,
        body: soldOutBodySchema,
        response: { 200: menuItemSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      setSoldOut({ db, clock, ...actorOf(request), id: request.params.id, input: request.body }),
  );

  await app.register(addonGroupRoutes);
  await app.register(menuRoutes);
};
