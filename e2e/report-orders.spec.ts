import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { EXPORT_FILES } from '../shared/constants';
import { formatDisplayDate } from '../shared/dates';
import { LABELS, MESSAGES } from '../shared/messages';
import { formatInr, rupeesToPaise } from '../shared/money';
import {
  DEMO,
  apiAs,
  isoDate,
  loginInBrowser,
  toast,
  typeDate,
  uniqueSuffix,
} from './support/helpers';

/** A product of its own, through the API. */
async function product(api: APIRequestContext, name: string, pricePaise: number) {
  const created = await api.post('/api/products', {
    data: { name, pricePaise, subcategory: 'Desserts', ingredients: [] },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** A table of its own with these items, paid in cash at once (Settled). */
async function paidBill(api: APIRequestContext, label: string, items: [string, number][]) {
  const table = await api.post('/api/tables', { data: { label } });
  expect(table.status(), await table.text()).toBe(201);
  const tableId = ((await table.json()) as { id: string }).id;
  let version = 0;
  let totalPaise = 0;
  for (const [productId, delta] of items) {
    const line = await api.post(`/api/tables/${tableId}/lines`, {
      data: { opId: randomUUID(), productId, delta },
    });
    expect(line.status(), await line.text()).toBe(200);
    ({ version, totalPaise } = (await line.json()) as { version: number; totalPaise: number });
  }
  const paid = await api.post(`/api/tables/${tableId}/payments`, {
    data: {
      idempotencyKey: randomUUID(),
      expectedVersion: version,
      status: 'Settled',
      discountPercent: 0,
      payments: [{ method: 'Cash', amountPaise: totalPaise }],
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
}

/** The cells of the report's table as shown, row by row. */
async function tableOnScreen(page: Page) {
  const table = page.getByRole('table', { name: 'Bill lines, newest first' });
  await expect(table).toBeVisible();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
    );
}

/** '2026-11-23 14:05' (the CSV's Order Date) as the screen shows it: '23 Nov 2026, 2:05 pm'. */
function asShown(orderDate: string) {
  const [date, time] = orderDate.split(' ') as [string, string];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')}`;
  return `${formatDisplayDate(date)}, ${clock} ${hours < 12 ? 'am' : 'pm'}`;
}

test.describe('Detailed Orders Report', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the manager filters by a range and a product and exports exactly what the screen shows', async ({
    page,
    playwright,
  }) => {
    test.setTimeout(60_000);
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const id = uniqueSuffix();
    const kulfi = await product(api, `${id} Kulfi`, 8_550);
    const falooda = await product(api, `${id} Kulfi Falooda`, 12_000);
    const lassi = await product(api, `${id} Lassi`, 6_000);
    await paidBill(api, `K1-${id}`, [
      [kulfi, 2],
      [lassi, 1],
    ]);
    await paidBill(api, `K2-${id}`, [[falooda, 1]]);
    await paidBill(api, `K3-${id}`, [[lassi, 3]]);

    await loginInBrowser(page, DEMO.manager.email, DEMO.manager.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/report/order');
    await expect(page.getByRole('heading', { name: LABELS.orderReport.title })).toBeVisible();
    const today = isoDate();
    await typeDate(page.getByRole('textbox', { name: LABELS.orderReport.fromDate }), today);
    await typeDate(page.getByRole('textbox', { name: LABELS.orderReport.toDate }), today);
    // Any case, part of the name: both kulfi items, not the lassi.
    await page.getByRole('searchbox', { name: 'Product' }).fill(`${id} KULFI`);

    const figure = (name: string) => page.getByRole('region', { name, exact: true });
    await expect(figure('Total orders')).toContainText('2');
    await expect(figure('Items ordered')).toContainText('3');
    // 2 × ₹85.50 + 1 × ₹120.00
    await expect(figure('Grand total revenue')).toContainText('₹291.00');
    const top = page.getByRole('region', { name: 'Top 5 items' });
    await expect(top.getByRole('listitem')).toHaveCount(2);
    await expect(top.getByRole('listitem').first()).toContainText(`${id} Kulfi`);
    await expect(top.getByRole('listitem').first()).toContainText('2 sold');

    const shown = await tableOnScreen(page);
    expect(
      shown.map(([table, , quantity, name, price, total]) => [table, quantity, name, price, total]),
    ).toEqual([
      [`K2-${id}`, '1', `${id} Kulfi Falooda`, '₹120.00', '₹120.00'],
      [`K1-${id}`, '2', `${id} Kulfi`, '₹85.50', '₹171.00'],
    ]);

    // The CSV holds every matching line, as on screen.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: LABELS.orderReport.exportCsv }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(EXPORT_FILES.ordersReport);
    const records = parse(readFileSync(await download.path()), { bom: true }) as string[][];
    expect(records[0]).toEqual([...LABELS.orderReport.columns]);
    expect(
      records
        .slice(1)
        .map(([table, orderDate, quantity, name, price, total]) => [
          table,
          asShown(orderDate!),
          quantity,
          name,
          formatInr(rupeesToPaise(price!)),
          formatInr(rupeesToPaise(total!)),
        ]),
    ).toEqual(shown);
    expect(records.slice(1).every((record) => record[1]!.startsWith(today))).toBe(true);

    // Nothing matches: the screen says so, and there is nothing to export.
    await page.getByRole('searchbox', { name: 'Product' }).fill(`nothing ${id}`);
    await expect(
      page.getByText(`No orders of items containing “nothing ${id}” in this range.`),
    ).toBeVisible();
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    await page.getByRole('button', { name: LABELS.orderReport.exportCsv }).click();
    await expect(toast(page, MESSAGES.report.nothingToExport)).toBeVisible();
    expect(downloaded).toBe(false);
  });

  test('staff cannot open the report', async ({ page }) => {
    await loginInBrowser(page, DEMO.staff.email, DEMO.staff.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/report/order');
    await expect(page.getByText(MESSAGES.auth.notAllowed)).toBeVisible();
    await expect(page.getByRole('heading', { name: LABELS.orderReport.title })).toBeHidden();
  });
});
