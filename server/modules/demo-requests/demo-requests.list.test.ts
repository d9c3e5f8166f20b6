import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoRequests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createBranchFixture, createSuperAdmin, loginAs } from '../../test/fixtures';

let t: TestApp;
let admin: string;

/** Twelve leads, one a minute from 09:00 UTC, so "newest first" has one right answer. */
const LEADS = Array.from({ length: 12 }, (_, i) => ({
  name: `Lead ${String(i + 1).padStart(2, '0')}`,
  businessName: i === 4 ? 'Dosa Corner' : `Cafe ${i + 1}`,
  contactNumber: i === 7 ? '+91 90000 77777' : `+91 98450 1${String(i).padStart(4, '0')}`,
  email: i === 9 ? 'owner@biryani-house.example' : `lead${i + 1}@example.com`,
  createdAt: new Date(Date.UTC(2026, 10, 22, 9, i)),
}));

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.delete(demoRequests);
  await t.database.db.insert(demoRequests).values(LEADS);
});
afterAll(() => t.close());
beforeEach(async () => {
  admin = await loginAs(t.app, (await createSuperAdmin(t.database.db)).email);
});

type Page = {
  items: { id: string; name: string; businessName: string; createdAt: string }[];
  total: number;
};
const get = async (query: string, cookie = admin) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/demo-requests${query}`,
    headers: { cookie },
  });
  return response;
};
const page = async (query: string): Promise<Page> => {
  const response = await get(query);
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('GET /api/demo-requests', () => {
  it('lists leads newest first, 20 a page by default, with the total', async () => {
    const { items, total } = await page('');
    expect(total).toBe(12);
    expect(items.map((i) => i.name)).toEqual(LEADS.map((l) => l.name).reverse());
    expect(items[0]).toEqual({
      id: expect.any(String),
      name: 'Lead 12',
      businessName: 'Cafe 12',
      contactNumber: LEADS[11]!.contactNumber,
      email: 'lead12@example.com',
      plan: null,
      createdAt: '2026-11-22T09:11:00.000Z',
    });
  });

  it('pages through the leads without gaps or repeats', async () => {
    const first = await page('?page=1&pageSize=5');
    const second = await page('?page=2&pageSize=5');
    const third = await page('?page=3&pageSize=5');
    const beyond = await page('?page=4&pageSize=5');
    expect([first, second, third].map((p) => p.items.length)).toEqual([5, 5, 2]);
    expect(beyond).toEqual({ items: [], total: 12 });
    const names = [first, second, third].flatMap((p) => p.items.map((i) => i.name));
    expect(names).toEqual(LEADS.map((l) => l.name).reverse());
    expect(first.total).toBe(12);
  });

  it.each([
    ['name', 'lead 03', ['Lead 03']],
    ['business name', 'DOSA', ['Lead 05']],
    ['contact number', '77777', ['Lead 08']],
    ['email', 'biryani-house', ['Lead 10']],
  ])('finds leads by %s, case-insensitively', async (_what, search, expected) => {
    const { items, total } = await page(`?search=${encodeURIComponent(search)}`);
    expect(items.map((i) => i.name)).toEqual(expected);
    expect(total).toBe(expected.length);
  });

  it('counts the total of a search, not of one page', async () => {
    const { items, total } = await page('?search=example.com&pageSize=3');
    expect(items).toHaveLength(3);
    expect(total).toBe(11);
  });

  it('answers an empty page for a search that matches nothing, and takes % literally', async () => {
    expect(await page('?search=nobody-asked')).toEqual({ items: [], total: 0 });
    expect(await page('?search=%25')).toEqual({ items: [], total: 0 });
  });

  it.each(['?page=0', '?pageSize=101', '?pageSize=abc'])('refuses %s with 400', async (query) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });

  it('is for the super admin only: 401 without a session, 403 for a branch manager or staff', async () => {
    const b = await createBranchFixture(t.database.db);
    for (const email of [b.manager.email, b.staff.email]) {
      const response = await get('', await loginAs(t.app, email));
      expect(response.statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/demo-requests' });
    expect(anonymous.statusCode).toBe(401);
  });
});
