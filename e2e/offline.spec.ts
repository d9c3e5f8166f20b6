import { rmSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LABELS } from '../shared/messages';
import type { TableOrder, TableSummary } from '../shared/schemas/tables.schemas';
import { E2E_PORT } from './support/env';
import { DEMO, apiAs, loginInBrowser, uniqueSuffix } from './support/helpers';
import { startServer } from './support/server';

/**
 * No tap is lost when the device cannot reach the server: taps made meanwhile are kept on the
 * device, shown as not sent, and sent once the server is reachable again, each applied once;
 * through a network cut, a closed page, and a server stopped and started again.
 */

const orderPanel = (page: Page) => page.getByRole('region', { name: LABELS.table.orders });
const orderLine = (page: Page, name: string) => orderPanel(page).getByRole('listitem', { name });
const tap = (page: Page, product: string) =>
  page.getByRole('button', { name: `Add ${product}`, exact: true }).click();

async function addTable(api: APIRequestContext): Promise<TableSummary> {
  const response = await api.post('/api/tables', { data: { label: `Offline ${uniqueSuffix()}` } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as TableSummary;
}

/** The table's order on the server, as product name → quantity. */
async function savedLines(api: APIRequestContext, tableId: string) {
  const response = await api.get(`/api/tables/${tableId}/order`);
  expect(response.status(), await response.text()).toBe(200);
  const order = (await response.json()) as TableOrder;
  return Object.fromEntries(order.lines.map((line) => [line.name, line.quantity]));
}

/** How many taps this page keeps on the device (IndexedDB), not answered yet. */
const tapsOnDevice = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('tableflow-taps');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('taps')) return resolve(0);
          const count = db.transaction('taps').objectStore('taps').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );

/** Taps two Masala Chai and one Cold Coffee while the server cannot be reached. */
async function tapWhileUnreachable(page: Page) {
  await tap(page, 'Masala Chai');
  await tap(page, 'Masala Chai');
  await tap(page, 'Cold Coffee');
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('3 changes not sent yet');
  await expect(orderLine(page, 'Masala Chai').getByTestId('line-quantity')).toHaveText('3');
  await expect(orderLine(page, 'Masala Chai').getByTestId('line-unsent')).toHaveText(
    'Not sent yet',
  );
  await expect(orderLine(page, 'Cold Coffee').getByTestId('line-unsent')).toBeVisible();
  // Pay waits until the taps are sent: it would bill a total the server does not have.
  await expect(orderPanel(page).getByRole('button', { name: /^Pay / })).toBeDisabled();
  await expect(orderPanel(page)).toContainText('Pay opens once the changes are sent.');
  await expect.poll(() => tapsOnDevice(page)).toBe(3);
}

/** Every tap on the server exactly once, and the screen agreeing with it. */
async function expectAllSavedOnce(page: Page, api: APIRequestContext, tableId: string) {
  const all = { 'Masala Chai': 3, 'Cold Coffee': 1 };
  await expect.poll(() => savedLines(api, tableId), { timeout: 15_000 }).toEqual(all);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await expect(orderPanel(page).getByTestId('line-unsent')).toHaveCount(0);
  await expect(orderLine(page, 'Masala Chai').getByTestId('line-quantity')).toHaveText('3');
  await expect.poll(() => tapsOnDevice(page)).toBe(0);
  await expect(orderPanel(page).getByRole('button', { name: /^Pay / })).toBeEnabled();
  // Sent once: nothing lands twice afterwards (a late retry would show here).
  await page.waitForTimeout(1_500);
  expect(await savedLines(api, tableId)).toEqual(all);
}

/** Staff open a new table and tap one Masala Chai, which reaches the server. */
async function openTableWithOneTap(
  page: Page,
  playwright: { request: { newContext(o: object): Promise<APIRequestContext> } },
) {
  const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
  const table = await addTable(api);
  await loginInBrowser(page, DEMO.staff.email, DEMO.staff.password);
  await expect(page).toHaveURL(/\/usersidebar\/billing$/);
  await page.goto(`/table/${table.id}`);
  await tap(page, 'Masala Chai');
  await expect.poll(() => savedLines(api, table.id)).toEqual({ 'Masala Chai': 1 });
  return { api, table };
}

test.describe('taps made while the server cannot be reached', () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test('a network cut keeps the taps on the device and sends each once when it returns', async ({
    page,
    context,
    playwright,
  }) => {
    const { api, table } = await openTableWithOneTap(page, playwright);

    await context.setOffline(true);
    await tapWhileUnreachable(page);
    // Nothing reached the server, and the screen was not reloaded over the taps (no toast).
    expect(await savedLines(api, table.id)).toEqual({ 'Masala Chai': 1 });
    await page.waitForTimeout(2_000);
    await expect(orderLine(page, 'Masala Chai').getByTestId('line-quantity')).toHaveText('3');
    await expect(page.getByRole('alert')).toHaveCount(0);

    // Logging out now would leave the taps on the device: the app asks first.
    await page.getByRole('button', { name: /: account menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    const ask = page.getByRole('dialog', { name: 'Changes not sent yet' });
    await expect(ask).toContainText('3 changes on ');
    await expect(ask).toContainText(table.label);
    await ask.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(ask).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/table/${table.id}$`));

    await context.setOffline(false);
    await expectAllSavedOnce(page, api, table.id);
    await api.dispose();
  });

  test('taps made offline survive a closed page and are sent when the app opens again', async ({
    page,
    context,
    playwright,
  }) => {
    const { api, table } = await openTableWithOneTap(page, playwright);

    await context.setOffline(true);
    await tapWhileUnreachable(page);
    await page.close();
    // Checked while the browser is still offline (the API client is not): a closing page's last
    // timer may still send once the network is back, which the op ids make harmless but which
    // would no longer show that the taps waited on the device.
    expect(await savedLines(api, table.id)).toEqual({ 'Masala Chai': 1 });
    await context.setOffline(false);

    const again = await context.newPage();
    await again.goto('/usersidebar/billing');
    await again.getByRole('link', { name: table.label, exact: true }).click();
    await expectAllSavedOnce(again, api, table.id);
    await api.dispose();
  });

  test('a server stopped and started again receives every tap once', async ({
    page,
    playwright,
  }) => {
    test.setTimeout(120_000);
    // A server of this test's own, on its own embedded database, to stop and start.
    const port = E2E_PORT + 100;
    const dataDir = `.tmp/e2e-restart-${port}`;
    rmSync(dataDir, { recursive: true, force: true });
    let server = await startServer({ port, dataDir });
    try {
      const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password, server.url);
      const table = await addTable(api);

      await page.goto(`${server.url}/login`);
      await page.getByLabel('Email ID').fill(DEMO.staff.email);
      await page.getByLabel('Password', { exact: true }).fill(DEMO.staff.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/usersidebar\/billing$/);
      await page.goto(`${server.url}/table/${table.id}`);
      await tap(page, 'Masala Chai');
      await expect.poll(() => savedLines(api, table.id)).toEqual({ 'Masala Chai': 1 });

      await server.stop();
      await tapWhileUnreachable(page);

      server = await startServer({ port, dataDir });
      await expectAllSavedOnce(page, api, table.id);
      await api.dispose();
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
