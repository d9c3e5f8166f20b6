import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { DEFAULT_VOID_REASONS } from '../../../shared/kitchen';
import type { TableOrder } from '../../../shared/schemas/tables.schemas';
import type { VoidBody } from '../../../shared/schemas/voids.schemas';
import type { Db } from '../../db/client';
import { orderLines } from '../../db/schema';
import { PASSWORD } from '../../test/fixtures';

/** Calls of one signed-in user to the voids API (and the taps a void needs). */
export function voidsAs(app: FastifyInstance, cookie: string) {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  return {
    call,
    setPin: (pin: string, currentPassword = PASSWORD) =>
      call('PUT', '/api/voids/pin', { currentPassword, pin }),
    pin: () => call('GET', '/api/voids/pin'),
    approvers: () => call('GET', '/api/voids/approvers'),
    addTable: async (label: string) => {
      const response = await call('POST', '/api/tables', { label });
      return (response.json() as { id: string }).id;
    },
    tap: async (tableId: string, productId: string, delta: number) => {
      const response = await call('POST', `/api/tables/${tableId}/lines`, {
        opId: uuidv7(),
        productId,
        delta,
      });
      return response;
    },
    order: async (tableId: string) =>
      (await call('GET', `/api/tables/${tableId}/order`)).json() as TableOrder,
    void: (tableId: string, body: Partial<VoidBody>) =>
      call('POST', `/api/tables/${tableId}/voids`, {
        opId: uuidv7(),
        quantity: 1,
        reason: DEFAULT_VOID_REASONS[0],
        ...body,
      }),
    report: (query: string) => call('GET', `/api/reports/voids?${query}`),
    csv: (query: string) => call('GET', `/api/reports/voids.csv?${query}`),
  };
}

/** Marks every line of a table sent to the kitchen (as a KOT's send leaves them). */
export async function markAllSent(db: Db, branchId: string, tableId: string) {
  await db
    .update(orderLines)
    .set({ sentQuantity: sql`${orderLines.quantity}` })
    .where(and(eq(orderLines.branchId, branchId), eq(orderLines.tableId, tableId)));
}
