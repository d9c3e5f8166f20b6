import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { InventoryItem, StockEntryInput } from '../../../shared/schemas/inventory.schemas';
import type { Vendor } from '../../../shared/schemas/vendors.schemas';
import { callsAs } from '../../test/api-client';

/** Calls of one signed-in user, for the inventory and vendor API tests. */
export function apiAs(app: FastifyInstance, cookie: string) {
  const call = callsAs(app, cookie);

  async function created<T>(url: string, payload: object): Promise<T> {
    const response = await call('POST', url, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as T;
  }

  return {
    call,
    get: (url: string) => call('GET', url),
    addIngredient: (body: { category: string; name: string; quantity: number; unit: string }) =>
      created<InventoryItem>('/api/inventory', body),
    addVendor: (body: {
      name: string;
      categories: string[];
      itemIds: string[];
      contactNo?: string;
      address?: string;
    }) =>
      created<Vendor>('/api/vendors', {
        contactNo: '98450 12345',
        address: 'Market Road',
        ...body,
      }),
    submit: (entries: StockEntryInput[], idempotencyKey: string = randomUUID()) =>
      call('POST', '/api/stock/submissions', { idempotencyKey, entries }),
  };
}

/** A valid stock entry; override what the test is about. */
export const entry = (
  vendorId: string,
  ingredientId: string,
  rest: Partial<StockEntryInput> = {},
): StockEntryInput => ({
  vendorId,
  ingredientId,
  invoiceDate: '2026-11-20',
  quantity: 1000,
  unit: 'g',
  pricePaise: 5000,
  ...rest,
});
