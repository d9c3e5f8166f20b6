import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { MESSAGES } from '../shared/messages';
import type { Bill } from '../shared/schemas/billing.schemas';
import { DEMO, apiAs, loginInBrowser, toast, uniqueSuffix } from './support/helpers';

/**
 * Two bills on tables of one run's mark, made through the API: a Due of ₹250 (₹50 paid by
 * card at the table) and a Settled ₹180 by cash.
 */
async function bills(api: APIRequestContext) {
  const id = uniqueSuffix();
  const product = async (pricePaise: number) => {
    const response = await api.post('/api/products', {
      data: {
        name: `Dish ${pricePaise} ${id}`,
        pricePaise,
        subcategory: `Mains ${id}`,
        ingredients: [],
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const pay = async (label: string, productId: string, body: object) => {
    const table = await api.post('/api/tables', { data: { label } });
    expect(table.status(), await table.text()).toBe(201);
    const tableId = ((await table.json()) as { id: string }).id;
    const line = await api.post(`/api/tables/${tableId}/lines`, {
      data: { opId: randomUUID(), productId, delta: 1 },
    });
    expect(line.status(), await line.text()).toBe(200);
    const paid = await api.post(`/api/tables/${tableId}/payments`, {
      data: {
        idempotencyKey: randomUUID(),
        expectedVersion: ((await line.json()) as { version: number }).version,
        ...body,
      },
    });
    expect(paid.status(), await paid.text()).toBe(201);
    return (await paid.json()) as Bill;
  };
  const mark = `P-${id}`;
  const due = await pay(`${mark}-1`, await product(25_000), {
    status: 'Due',
    responsible: 'Kiran',
    payments: [{ method: 'Card', amountPaise: 5_000 }],
  });
  const settled = await pay(`${mark}-2`, await product(18_000), {
    status: 'Settled',
    payments: [{ method: 'Cash', amountPaise: 18_000 }],
  });
  return { mark, due, settled, pay, product };
}

test.describe('payment report', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the manager changes a Due status: No leaves it Due, Yes settles it by cash, and the bill shows the change', async ({
    page,
    playwright,
  }) => {
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const { mark, due } = await bills(api);
    await loginInBrowser(page, DEMO.manager.email, DEMO.manager.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/report/payments');
    await page.getByLabel('Search').fill(mark);
    const totals = page.getByRole('region', { name: 'Totals by payment method' });
    const card = (name: string) => totals.getByRole('region', { name, exact: true });
    await expect(card('Grand total')).toContainText('₹430.00');
    await expect(card('Cash')).toContainText('₹180.00');
    await expect(card('Card')).toContainText('₹50.00');
    await expect(card('Due')).toContainText('₹200.00');

    const row = page.getByRole('row').filter({ hasText: `${mark}-1` });
    const status = row.getByRole('button', {
      name: `Due: change the status of bill ${due.number}`,
    });
    const confirm = page.getByRole('dialog', { name: MESSAGES.payment.confirmStatusChange });

    await status.click();
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(confirm).toBeHidden();
    await expect(status).toBeVisible();
    await expect(card('Due')).toContainText('₹200.00');

    await status.click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(toast(page, MESSAGES.payment.saved)).toBeVisible();
    await expect(row).toContainText('Settled');
    await expect(row).toContainText('Cash');
    await expect(status).toBeHidden();
    await expect(card('Due')).toContainText('₹0.00');
    await expect(card('Cash')).toContainText('₹380.00');
    await expect(card('Grand total')).toContainText('₹430.00');

    // The total opens the bill: its line, both payments and the change, who and from what.
    await row.getByRole('button', { name: /associated orders of bill/ }).click();
    const panel = page.getByRole('dialog', { name: 'Associated Orders' });
    await expect(panel.getByText(`Dish 25000`, { exact: false })).toBeVisible();
    await expect(panel.getByRole('listitem').filter({ hasText: 'Card' })).toContainText('₹50.00');
    await expect(panel.getByRole('listitem').filter({ hasText: 'Cash' })).toContainText('₹200.00');
    await expect(panel.getByText('Billed Due')).toBeVisible();
    await expect(panel.getByText('Due → Settled (Cash)')).toBeVisible();
    await panel.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(panel).toBeHidden();
  });

  test('Export downloads payment_history_report_{date}.csv with the rows on screen', async ({
    page,
    playwright,
  }) => {
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const { mark, due, settled } = await bills(api);
    await loginInBrowser(page, DEMO.manager.email, DEMO.manager.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/report/payments');
    await page.getByLabel('Search').fill(mark);
    // The search has reached the server: the grand total is its 2 bills'.
    await expect(
      page
        .getByRole('region', { name: 'Totals by payment method' })
        .getByRole('region', { name: 'Grand total' }),
    ).toContainText('₹430.00');
    await expect(page.getByRole('row').filter({ hasText: mark })).toHaveCount(2);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^payment_history_report_\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse(readFileSync(await file.path()), { bom: true }) as string[][];
    expect(rows.slice(1).map((row) => [row[0], row[6], row[8], row[9]])).toEqual([
      [settled.number, '180.00', 'Cash', 'Settled'],
      [due.number, '250.00', 'Card ₹50.00 + Due ₹200.00', 'Due'],
    ]);

    // Nothing matching: nothing to export.
    await page.getByLabel('Search').fill(`${mark}-none`);
    await expect(page.getByText(/No bills matching/)).toBeVisible();
    await page.getByRole('button', { name: 'Export' }).click();
    await expect(toast(page, MESSAGES.report.nothingToExport)).toBeVisible();
  });

  test('a split bill names every method with its amount: table, Associated Orders, printed bill and CSV', async ({
    page,
    playwright,
  }) => {
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const { mark, pay, product } = await bills(api);
    const split = await pay(`${mark}-3`, await product(15_000), {
      status: 'Settled',
      payments: [
        { method: 'Cash', amountPaise: 10_000 },
        { method: 'UPI', amountPaise: 5_000 },
      ],
    });
    const words = 'Cash ₹100.00 + UPI ₹50.00';
    await loginInBrowser(page, DEMO.manager.email, DEMO.manager.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/report/payments');
    await page.getByLabel('Search').fill(`${mark}-3`);
    const row = page.getByRole('row').filter({ hasText: `${mark}-3` });
    await expect(row.getByRole('cell').nth(3)).toHaveText(`Split${words}`);

    await row.getByRole('button', { name: /associated orders of bill/ }).click();
    const panel = page.getByRole('dialog', { name: 'Associated Orders' });
    await expect(panel.getByText(new RegExp(` · ${words.replaceAll('+', '\\+')}$`))).toBeVisible();
    await panel.getByRole('button', { name: 'Close', exact: true }).last().click();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const rows = parse(readFileSync(await (await download).path()), { bom: true }) as string[][];
    expect(rows.slice(1).map((cells) => [cells[0], cells[8]])).toEqual([[split.number, words]]);

    await page.goto(`/bills/${split.id}/print`);
    const bill = page.getByRole('article', { name: `Bill No. ${split.number}` });
    await expect(bill.getByRole('row', { name: `Method ${words}` })).toBeVisible();
  });
});
