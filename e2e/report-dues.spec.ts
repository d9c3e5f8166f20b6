import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { MESSAGES } from '../shared/messages';
import type { Bill } from '../shared/schemas/billing.schemas';
import { DEMO, apiAs, choose, loginInBrowser, toast, uniqueSuffix } from './support/helpers';

/** A product of ₹420.50 (no recipe), made through the API. */
async function biryani(api: APIRequestContext) {
  const id = uniqueSuffix();
  const product = await api.post('/api/products', {
    data: {
      name: `Biryani ${id}`,
      pricePaise: 42_050,
      subcategory: `Mains ${id}`,
      ingredients: [],
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  return ((await product.json()) as { id: string }).id;
}

/**
 * A Due bill of ₹420.50 (one product, 1 × ₹420.50, a new one unless given) on a table of its
 * own, made through the API.
 */
async function dueBill(api: APIRequestContext, responsible: string, productId?: string) {
  const id = uniqueSuffix();
  const product = productId ?? (await biryani(api));
  const label = `D-${id}`;
  const table = await api.post('/api/tables', { data: { label } });
  expect(table.status(), await table.text()).toBe(201);
  const tableId = ((await table.json()) as { id: string }).id;
  const line = await api.post(`/api/tables/${tableId}/lines`, {
    data: {
      opId: randomUUID(),
      productId: product,
      delta: 1,
    },
  });
  expect(line.status(), await line.text()).toBe(200);
  const paid = await api.post(`/api/tables/${tableId}/payments`, {
    data: {
      idempotencyKey: randomUUID(),
      expectedVersion: ((await line.json()) as { version: number }).version,
      status: 'Due',
      responsible,
      payments: [],
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  return { label, bill: (await paid.json()) as Bill };
}

test.describe('dues report', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('staff settle a due from the dues popup with UPI: it leaves the dues report, and the payment report open on another device shows it Settled by UPI', async ({
    page,
    browser,
    playwright,
  }) => {
    // Two devices and several screens: about 22 s alone, over 30 s with two workers under load.
    test.setTimeout(60_000);
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const responsible = `Guest ${uniqueSuffix()}`;
    const { label, bill } = await dueBill(api, responsible);

    // The manager has the payment report open on another device: the bill is Due there.
    const manager = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await loginInBrowser(manager, DEMO.manager.email, DEMO.manager.password);
    await expect(manager).not.toHaveURL(/\/login$/);
    await manager.goto('/report/payments');
    await manager.getByLabel('Search').fill(label);
    const reported = manager.getByRole('row').filter({ hasText: label });
    const totals = manager.getByRole('region', { name: 'Totals by payment method' });
    const card = (name: string) => totals.getByRole('region', { name, exact: true });
    await expect(reported.getByRole('button', { name: /^Due: change the status/ })).toBeVisible();
    await expect(card('Due')).toContainText('₹420.50');

    await loginInBrowser(page, DEMO.staff.email, DEMO.staff.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/report/dues');
    // The search matches the responsible person in any case.
    await page.getByLabel('Search').fill(responsible.toUpperCase());
    const row = page.getByRole('row').filter({ hasText: label });
    await expect(row).toContainText('₹420.50');
    await expect(row).toContainText(responsible);

    await row
      .getByRole('button', { name: `Due: change the status of bill ${bill.number}` })
      .click();
    const popup = page.getByRole('dialog', { name: 'Update Payment' });
    await expect(popup.getByRole('combobox', { name: 'Payment Method' })).toHaveValue('Cash');
    await choose(page, 'Payment Method', 'UPI');
    await popup.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, MESSAGES.payment.saved)).toBeVisible();
    await expect(popup).toBeHidden();
    await expect(page.getByText(MESSAGES.dues.empty)).toBeVisible();

    // Live, without a reload: Settled by UPI on the manager's report, the money under UPI.
    await expect(reported).toContainText('Settled');
    await expect(reported).toContainText('UPI');
    await expect(card('UPI')).toContainText('₹420.50');
    await expect(card('Due')).toContainText('₹0.00');
    await manager.close();
  });

  test('settling the only due on the last page shows the page before it', async ({
    page,
    playwright,
  }) => {
    test.setTimeout(60_000);
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    // 26 dues of one person: two pages of 25 under a search for them.
    const responsible = `Pager ${uniqueSuffix()}`;
    const product = await biryani(api);
    const made = [];
    for (let i = 0; i < 26; i++) made.push(await dueBill(api, responsible, product));

    await loginInBrowser(page, DEMO.staff.email, DEMO.staff.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/report/dues');
    await page.getByLabel('Search').fill(responsible);
    await page.getByLabel('Rows per page').selectOption('25');
    await expect(page.getByText('1–25 of 26')).toBeVisible();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByText('26–26 of 26')).toBeVisible();

    // Page 2 holds the oldest due; settling it leaves page 2 empty: page 1 is shown.
    const { label, bill } = made[0]!;
    const row = page.getByRole('row').filter({ hasText: label });
    await row
      .getByRole('button', { name: `Due: change the status of bill ${bill.number}` })
      .click();
    const popup = page.getByRole('dialog', { name: 'Update Payment' });
    await popup.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, MESSAGES.payment.saved)).toBeVisible();
    await expect(page.getByText('1–25 of 25')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Page 2' })).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: made[25]!.label })).toBeVisible();
  });
});
