import { rmSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LABELS } from '../shared/messages';
import type { TableOrder, TableSummary } from '../shared/schemas/tables.schemas';
import { E2E_PORT } from './support/env';
import { DEMO, apiAs, ok, uniqueSuffix } from './support/helpers';
import { startServer } from './support/server';

/**
 * The installable app (issue 33, item 1; docs/offline.md): after a first visit the waiter's
 * screens open with the server gone (a server of this test's own, stopped: no request of the
 * page or of its service worker can reach it), from the app's files and the branch's data kept
 * on the device; taps made then are sent once when the server is back; signing out drops the
 * kept data.
 */

/** This file's own service worker: the other specs run with service workers blocked. */
test.use({ serviceWorkers: 'allow', viewport: { width: 768, height: 1024 } });

const BRANCH_CACHE = 'tableflow-branch-data';

const orderPanel = (page: Page) => page.getByRole('region', { name: LABELS.table.orders });
const lineQuantity = (page: Page, name: string) =>
  orderPanel(page).getByRole('listitem', { name }).getByTestId('line-quantity');
const tap = (page: Page, product: string) =>
  page.getByRole('button', { name: `Add ${product}`, exact: true }).click();

/** The paths the service worker keeps in the branch's cache. */
const keptPaths = (page: Page) =>
  page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  }, BRANCH_CACHE);

/** The body the service worker keeps for a path (null: none kept). */
const keptAnswer = (page: Page, path: string) =>
  page.evaluate(
    async ([name, url]) => (await (await caches.open(name)).match(url))?.text() ?? null,
    [BRANCH_CACHE, path] as const,
  );

async function savedLines(api: APIRequestContext, tableId: string) {
  const response = await api.get(`/api/tables/${tableId}/order`);
  expect(response.status(), await response.text()).toBe(200);
  const order = (await response.json()) as TableOrder;
  return Object.fromEntries(order.lines.map((line) => [line.name, line.quantity]));
}

test('the app opens with the server gone and sends its taps when it is back', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const port = E2E_PORT + 101;
  const dataDir = `.tmp/e2e-offline-app-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  let server = await startServer({ port, dataDir });
  try {
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password, server.url);
    const table = await ok<TableSummary>(
      api.post('/api/tables', { data: { label: `Offline app ${uniqueSuffix()}` } }),
      201,
    );

    // The web app manifest that makes it installable.
    const manifest = await api.get('/manifest.webmanifest');
    expect(manifest.status()).toBe(200);
    const app = (await manifest.json()) as { name: string; display: string; icons: unknown[] };
    expect(app).toMatchObject({ name: 'TableFlow POS', display: 'standalone' });
    expect(app.icons.length).toBeGreaterThanOrEqual(2);

    // A first visit, online: the service worker installs and keeps the branch's data.
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email ID').fill(DEMO.staff.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.staff.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/usersidebar\/billing$/);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.webmanifest',
    );
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
        timeout: 30_000,
      })
      .toBe(true);
    await expect
      .poll(() => keptPaths(page), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(['/api/auth/session', '/api/tables', '/api/products/menu']));
    await page.goto(`${server.url}/table/${table.id}`);
    await tap(page, 'Masala Chai');
    await expect.poll(() => savedLines(api, table.id)).toEqual({ 'Masala Chai': 1 });
    // The order kept on the device is the tap's answer (the device reads it no more after).
    await expect
      .poll(async () => (await keptAnswer(page, `/api/tables/${table.id}/order`)) ?? '')
      .toContain('Masala Chai');

    // The server goes away. The order screen opens again from the device.
    await server.stop();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: table.label })).toBeVisible();
    await expect(lineQuantity(page, 'Masala Chai')).toHaveText('1');
    await tap(page, 'Masala Chai');
    await tap(page, 'Cold Coffee');
    await expect(page.getByTestId('offline-banner')).toContainText('2 changes not sent yet');
    await expect(lineQuantity(page, 'Masala Chai')).toHaveText('2');

    // The floor too, from the device, and back to the table: its taps are still waiting.
    await page.goto(`${server.url}/usersidebar/billing`);
    await page.getByRole('link', { name: table.label, exact: true }).click();
    await expect(lineQuantity(page, 'Masala Chai')).toHaveText('2');
    await expect(lineQuantity(page, 'Cold Coffee')).toHaveText('1');
    expect(await keptAnswer(page, '/api/auth/session')).toContain(DEMO.staff.email);

    // The server is back: each tap lands once.
    server = await startServer({ port, dataDir });
    await expect
      .poll(() => savedLines(api, table.id), { timeout: 20_000 })
      .toEqual({ 'Masala Chai': 2, 'Cold Coffee': 1 });
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);

    // Signing out drops what the device kept of the session and the branch.
    await page.getByRole('button', { name: /: account menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // (Signed out, the session's answer is "nobody": kept, it opens the sign-in page offline.)
    await expect
      .poll(async () => (await keptAnswer(page, '/api/auth/session')) ?? '')
      .not.toContain(DEMO.staff.email);
    expect(await keptPaths(page)).not.toContain('/api/tables');
    expect(await keptPaths(page)).not.toContain(`/api/tables/${table.id}/order`);
    expect(await savedLines(api, table.id)).toEqual({ 'Masala Chai': 2, 'Cold Coffee': 1 });
    await api.dispose();
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
