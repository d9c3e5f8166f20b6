import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '../../../shared/schemas/auth.schemas';
import {
  menuOrderBodySchema,
  menuSettingsBodySchema,
  menuSettingsSchema,
} from '../../../shared/schemas/menu.schemas';
import { errorResponses } from '../../lib/route-errors';
import { actorOf, branchIdOf } from '../../plugins/auth';
import { getMenuSettings, saveMenuSettings, setMenuOrder } from './products.menu.usecases';

/** The menu's order and settings (manager): registered by productRoutes, under its prefix. */
export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock } = app.deps;
  const db = database.db;
  const tags = ['products'];
  const manage = 'products.manage' as const;

  app.put(
    '/menu/order',
    {
      config: { access: manage },
      schema: {
        tags,
        summary:
          'Menu order: subcategories listed first in that order, products listed take their index as position',
        body: menuOrderBodySchema,
        response: { 200: okSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      await setMenuOrder({ db, clock, ...actorOf(request), input: request.body });
      return { ok: true as const };
    },
  );

  app.get(
    '/menu/settings',
    {
      config: { access: manage },
      schema: {
        tags,
        summary:
          'Menu settings: quick notes and when sold-out items come back (defaults until saved)',
        response: { 200: menuSettingsSchema, ...errorResponses() },
      },
    },
    async (request) => getMenuSettings({ db, branchId: branchIdOf(request) }),
  );

  app.put(
    '/menu/settings',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Save menu settings: quick notes and sold out until the next business day',
        body: menuSettingsBodySchema,
        response: { 200: menuSettingsSchema, ...errorResponses() },
      },
    },
    async (request) => saveMenuSettings({ db, clock, ...actorOf(request), input: request.body }),
  );
};
