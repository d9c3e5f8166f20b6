import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DuesSettleMethod } from '../../../shared/constants';
import { billTotals, percentToBps } from '../../../shared/money';
import type { Bill, PaymentRowInput } from '../../../shared/schemas/billing.schemas';
import type { TableOrder } from '../../../shared/schemas/tables.schemas';
import type { TaxProfileView } from '../../../shared/schemas/tax-profile.schemas';
import { equalSplit } from '../../../shared/split';
import { callsAs } from '../../test/api-client';

export interface BillRequest {
  /** Products and how many of each. */
  items: [productId: string, quantity: number][];
  status: 'Settled' | 'Due';
  discountPercent?: number;
  /** Who owes a Due bill (default 'Ravi'). */
  responsible?: string;
  /** The money received now, given the bill's discounted total. */
  payments?: (totalPaise: number) => PaymentRowInput[];
  /** A table label of the test's choosing (default a unique one). */
  tableLabel?: string;
}

/**
 * Bills made the way the counter makes them, through the real API: a table, its order lines,
 * then the payment (reports and settlements are tested on bills the billing module wrote).
 * `cookie` must be a manager's (products are added too).
 */
export function billsAs(app: FastifyInstance, cookie: string) {
  const call = callsAs(app, cookie);

  async function ok<T>(response: Promise<{ statusCode: number; body: string }>, status = 200) {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(status);
    return JSON.parse(answer.body) as T;
  }

  async function product(pricePaise: number, name = `Dish ${randomUUID().slice(0, 8)}`) {
    const created = await ok<{ id: string }>(
      call('POST', '/api/products', { name, pricePaise, subcategory: 'Mains', ingredients: [] }),
      201,
    );
    return created.id;
  }

  async function bill(request: BillRequest): Promise<Bill> {
    const label = request.tableLabel ?? `T-${randomUUID().slice(0, 8)}`;
    const table = await ok<{ id: string }>(call('POST', '/api/tables', { label }), 201);
    let order: TableOrder | undefined;
    for (const [productId, delta] of request.items) {
      order = await ok<TableOrder>(
        call('POST', `/api/tables/${table.id}/lines`, { opId: randomUUID(), productId, delta }),
      );
    }
    const discountPercent = request.discountPercent ?? 0;
    const { totalPaise } = billTotals(order!.lines, percentToBps(discountPercent));
    return ok<Bill>(
      call('POST', `/api/tables/${table.id}/payments`, {
        idempotencyKey: randomUUID(),
        expectedVersion: order!.version,
        discountPercent,
        status: request.status,
        ...(request.status === 'Due' ? { responsible: request.responsible ?? 'Ravi' } : {}),
        payments: request.payments?.(totalPaise) ?? [],
      }),
      201,
    );
  }

  /** The items on a new table, paid as an equal split in `parts` (each part by Cash). */
  async function splitBill(items: BillRequest['items'], parts: number): Promise<Bill[]> {
    const table = await ok<{ id: string }>(
      call('POST', '/api/tables', { label: `S-${randomUUID().slice(0, 8)}` }),
      201,
    );
    let order: TableOrder | undefined;
    for (const [productId, delta] of items) {
      order = await ok<TableOrder>(
        call('POST', `/api/tables/${table.id}/lines`, { opId: randomUUID(), productId, delta }),
      );
    }
    const profile = await ok<TaxProfileView>(call('GET', '/api/branch/tax-profile'));
    const split = equalSplit(order!.lines, 0, profile, parts);
    const answer = await ok<{ bills: Bill[] }>(
      call('POST', `/api/tables/${table.id}/payments/equal-split`, {
        idempotencyKey: randomUUID(),
        expectedVersion: order!.version,
        parts: split.parts.map((part) => ({
          payments: [{ method: 'Cash', amountPaise: part.totalPaise }],
        })),
      }),
      201,
    );
    return answer.bills;
  }

  return {
    call,
    product,
    bill,
    splitBill,
    settle: (billId: string, method: DuesSettleMethod) =>
      call('POST', `/api/bills/${billId}/settlement`, { method }),
  };
}
