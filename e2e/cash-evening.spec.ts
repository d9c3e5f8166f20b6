import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatInr } from '../shared/money';
import { E2E_BASE_URL } from './support/env';
import { branchWithManager, isoDate, loginInBrowser, ok } from './support/helpers';

/**
 * Issue 30, an evening at the counter (docs/cash.md): cash received gives the change to return,
 * and closing the day lists the tables still open. On a branch of its own (its tables only).
 */

/** A table with `quantity` of a new dish ordered (sent to the kitchen or not). */
async function tableWithOrder(
  manager: APIRequestContext,
  label: string,
  dish: { name: string; pricePaise: number },
  quantity: number,
) {
  const product = await ok<{ id: string }>(
    manager.post('/api/products', { data: { ...dish, subcategory: 'Mains' } }),
    201,
  );
  const table = await ok<{ id: string }>(manager.post('/api/tables', { data: { label } }), 201);
  await ok(
    manager.post(`/api/tables/${table.id}/lines`, {
      data: { opId: crypto.randomUUID(), productId: product.id, delta: quantity },
    }),
  );
  return table;
}

test('cash received → change; choosing Cash settles the bill; the day-close dialog lists an open table', async ({
  browser,
  playwright,
}) => {
  test.slow();
  const { manager, managerEmail, managerPassword } = await branchWithManager(playwright, {
    subscriptionType: 'monthly',
    activeDate: isoDate(0),
    deactiveDate: isoDate(30),
  });
  await tableWithOrder(manager, 'C1', { name: 'Thali', pricePaise: 53_000 }, 1);
  await tableWithOrder(manager, 'L9', { name: 'Kulfi', pricePaise: 12_000 }, 2);

  for (const width of [360, 1280]) {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      baseURL: E2E_BASE_URL,
    });
    const page = await context.newPage();
    try {
      await loginInBrowser(page, managerEmail, managerPassword);
      await expect(page).not.toHaveURL(/\/login$/);

      if (width === 360) {
        // Cash at the counter: Cash settles the bill, and ₹1,000 handed over gives the change.
        await page.goto('/usersidebar/billing');
        await page.getByRole('button', { name: /^Pay ₹[\d,.]+ for C1$/ }).click();
        const dialog = page.getByRole('dialog', { name: 'Pay' });
        const total = (await dialog.getByTestId('discounted-total').textContent())!;
        const totalPaise = Math.round(Number(total.replace(/[₹,\s]/g, '')) * 100);
        await dialog
          .getByRole('radiogroup', { name: 'Payment method' })
          .getByText('Cash', { exact: true })
          .click();
        await expect(
          dialog
            .getByRole('radiogroup', { name: 'Payment status' })
            .getByRole('radio', { name: 'Settled' }),
        ).toBeChecked();
        await dialog.getByRole('textbox', { name: 'Cash received (₹)' }).fill('1000');
        await expect(dialog.getByTestId('cash-change')).toHaveText(
          `Change to return: ${formatInr(100_000 - totalPaise)}`,
        );
        await dialog.getByRole('button', { name: 'Save Payment' }).click();
        await expect(dialog.getByText(/^Bill \S+$/)).toBeVisible();
        await dialog.getByRole('button', { name: 'Done' }).click();
        await expect(dialog).toBeHidden();
      }

      // Closing the day lists L9, still open, with its amount and what the kitchen was not sent.
      await page.goto('/day-close');
      await page.getByRole('button', { name: 'Close day' }).click();
      const confirm = page.getByRole('dialog', { name: /^Close / });
      const open = confirm.getByTestId('open-tables-at-close');
      await expect(open).toContainText('L9');
      await expect(open).toContainText(/₹[\d,.]+/);
      await expect(open).toContainText('Not sent to the kitchen: 2 × Kulfi');
      await expect(open).not.toContainText('C1');
      await expect(confirm).toContainText('billed on the next business day');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
    } finally {
      await context.close();
    }
  }
});

test('paying while the network is down says it waits for the connection, keeps the payment and sends it once', async ({
  page,
  playwright,
}) => {
  const { manager, managerEmail, managerPassword } = await branchWithManager(playwright, {
    subscriptionType: 'monthly',
    activeDate: isoDate(0),
    deactiveDate: isoDate(30),
  });
  const table = await tableWithOrder(manager, 'N1', { name: 'Dosa', pricePaise: 25_000 }, 1);
  await loginInBrowser(page, managerEmail, managerPassword);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/usersidebar/billing');
  await page.getByRole('button', { name: /^Pay ₹[\d,.]+ for N1$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay' });
  await dialog
    .getByRole('radiogroup', { name: 'Payment method' })
    .getByText('UPI', { exact: true })
    .click();

  await page.context().setOffline(true);
  await dialog.getByRole('button', { name: 'Save Payment' }).click();
  await expect(dialog.getByTestId('waiting-for-connection')).toContainText(
    'Waiting for the connection — the payment is kept',
  );
  await page.context().setOffline(false);
  await expect(dialog.getByText(/^Bill \S+$/)).toBeVisible();
  const order = await ok<{ lines: unknown[] }>(manager.get(`/api/tables/${table.id}/order`));
  expect(order.lines).toEqual([]);
});
