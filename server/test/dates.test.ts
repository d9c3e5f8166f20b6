import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, type Method } from './api-client';
import { createBranchFixture, createSuperAdmin, loginAs, type BranchFixture } from './fixtures';
import { createTestApp, type TestApp } from './test-app';
import { apiAs, entry } from '../modules/inventory/inventory.test-support';

/**
 * Every route that reads a date, walked with dates that are not sane business dates: year 0
 * (which PostgreSQL refuses), year 9999, a day that does not exist. Each answers 400 naming
 * the field, before anything reaches the database; never 500.
 */

let t: TestApp;
let mine: BranchFixture;
let manager: ReturnType<typeof callsAs>;
let admin: ReturnType<typeof callsAs>;
let vendorId: string;
let ingredientId: string;

beforeAll(async () => {
  t = await createTestApp();
  mine = await createBranchFixture(t.database.db);
  const cookie = await loginAs(t.app, mine.manager.email);
  manager = callsAs(t.app, cookie);
  admin = callsAs(t.app, await loginAs(t.app, (await createSuperAdmin(t.database.db)).email));
  const api = apiAs(t.app, cookie);
  const rice = await api.addIngredient({
    category: 'Grains',
    name: 'Rice',
    quantity: 0,
    unit: 'g',
  });
  const vendor = await api.addVendor({
    name: 'Fresh Farms',
    categories: ['Grains'],
    itemIds: [rice.id],
  });
  vendorId = vendor.id;
  ingredientId = rice.id;
});
afterAll(() => t?.close());

interface DateRoute {
  name: string;
  who: () => ReturnType<typeof callsAs>;
  method: Method;
  /** The field as the error names it. */
  field: string;
  url: (date: string) => string;
  body?: (date: string) => object;
}

// One end alone: the report takes the other's day, so no range check names the other field.
const query = (path: string, field: string) => (date: string) =>
  `${path}?${new URLSearchParams({ [field]: date })}`;

let branchNumber = 0;
const ROUTES: DateRoute[] = [
  {
    name: 'a stock submission',
    who: () => manager,
    method: 'POST',
    field: 'entries.0.invoiceDate',
    url: () => '/api/stock/submissions',
    body: (date) => ({
      idempotencyKey: randomUUID(),
      entries: [entry(vendorId, ingredientId, { invoiceDate: date })],
    }),
  },
  {
    name: 'a vendor payment',
    who: () => manager,
    method: 'POST',
    field: 'paidOn',
    url: () => `/api/vendors/${vendorId}/payments`,
    body: (date) => ({ amountPaise: 100, paidBy: 'Owner', paidOn: date }),
  },
  {
    name: 'a new staff member',
    who: () => manager,
    method: 'POST',
    field: 'activeDate',
    url: () => '/api/staff',
    body: (date) => ({
      name: 'New Staff',
      email: `new${randomUUID()}@example.com`,
      password: 'Correct-Horse-9',
      activeDate: date,
      deactiveDate: '2026-12-31',
    }),
  },
  {
    name: "a staff member's dates",
    who: () => manager,
    method: 'PATCH',
    field: 'activeDate',
    url: () => `/api/staff/${mine.staff.id}`,
    body: (date) => ({ activeDate: date }),
  },
  {
    name: 'a new branch',
    who: () => admin,
    method: 'POST',
    field: 'activeDate',
    url: () => '/api/branches',
    body: (date) => ({
      branchName: 'Date Branch',
      branchCode: `D${++branchNumber}${Date.now() % 100000}`,
      ownerName: 'Owner',
      email: `owner${randomUUID()}@example.com`,
      password: 'Correct-Horse-9',
      location: 'Bengaluru',
      subscriptionType: 'yearly',
      activeDate: date,
      deactiveDate: '2100-12-31',
    }),
  },
  {
    name: "a branch's plan",
    who: () => admin,
    method: 'PUT',
    field: 'activeDate',
    url: () => `/api/branches/${mine.branchId}/plan`,
    body: (date) => ({ subscriptionType: 'yearly', activeDate: date, deactiveDate: '2100-12-31' }),
  },
  ...(['orders', 'orders.csv', 'charts', 'payments', 'payments.csv'] as const).flatMap(
    (report): DateRoute[] =>
      (['from', 'to'] as const).map((field) => ({
        name: `the ${report} report's ${field}`,
        who: () => manager,
        method: 'GET',
        field,
        url: query(`/api/reports/${report}`, field),
      })),
  ),
];

describe('dates outside 2000-01-01 to 2100-12-31, or not on the calendar', () => {
  describe.each(['0000-01-01', '1999-12-31', '2101-01-01', '9999-12-31', '2026-02-30'])(
    '%s',
    (date) => {
      it.each(ROUTES.map((route) => [route.name, route] as const))(
        'is refused with 400 naming the field on %s',
        async (_name, route) => {
          const response = await route.who()(route.method, route.url(date), route.body?.(date));
          expect(response.statusCode, response.body).toBe(400);
          expect(response.headers['content-type']).toMatch(/^application\/json/);
          expect(response.headers['content-disposition']).toBeUndefined();
          const { error } = response.json() as {
            error: { code: string; message: string; fields: Record<string, string> };
          };
          expect(error.code).toBe('validation_failed');
          expect(Object.keys(error.fields)).toEqual([route.field]);
        },
      );
    },
  );
});

describe('the first and last accepted days', () => {
  it.each(['2000-01-01', '2100-12-31'])('%s is a date a report accepts', async (date) => {
    const response = await manager('GET', `/api/reports/orders?from=${date}&to=${date}`);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('a staff member may start on the first day and a branch plan may end on the last', async () => {
    const staff = await manager('PATCH', `/api/staff/${mine.staff.id}`, {
      activeDate: '2000-01-01',
    });
    expect(staff.statusCode, staff.body).toBe(200);
    const plan = await admin('PUT', `/api/branches/${mine.branchId}/plan`, {
      subscriptionType: 'yearly',
      activeDate: '2026-01-01',
      deactiveDate: '2100-12-31',
    });
    expect(plan.statusCode, plan.body).toBe(200);
  });
});
