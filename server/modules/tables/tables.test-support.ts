import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';

/** A product on sale in `branchId`, written straight to the database (the menu is not under test). */
export async function addProduct(db: Db, branchId: string, name: string, pricePaise: number) {
  const [row] = await db
    .insert(products)
    .values({ branchId, name, pricePaise, subcategory: 'Mains' })
    .returning({ id: products.id });
  return row!.id;
}

/** Calls of one signed-in user to the tables API. */
export function tablesAs(app: FastifyInstance, cookie: string) {
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  return {
    call,
    addTable: (label: string) => call('POST', '/api/tables', { label }),
    line: (tableId: string, productId: string, delta: number, opId: string = uuidv7()) =>
      call('POST', `/api/tables/${tableId}/lines`, { opId, productId, delta }),
    order: (tableId: string) => call('GET', `/api/tables/${tableId}/order`),
    list: () => call('GET', '/api/tables'),
  };
}
