import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MESSAGES } from '../shared/messages';
import type { BranchSettings } from '../shared/schemas/branch-settings.schemas';
import type { InventoryItem } from '../shared/schemas/inventory.schemas';
import { DEMO, apiAs, loginInBrowser, uniqueSuffix, watchConsole } from './support/helpers';

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

const XSS_NAME = '<img src=x onerror=alert(1)> Kulfi';

/**
 * A table holding an order, made through the API as the order screen would: an ingredient
 * (1000 g), a product using 50 g of it (₹250), a product with an HTML-like name (₹499.99),
 * and a table with 2 + 1 of them: ₹999.99.
 */
async function tableWithOrder(api: APIRequestContext) {
  const id = uniqueSuffix();
  const added = await api.post('/api/inventory', {
    data: { category: `Tea ${id}`, name: `Leaf ${id}`, quantity: 1000, unit: 'g' },
  });
  expect(added.status(), await added.text()).toBe(201);
  const ingredient = (await added.json()) as InventoryItem;
  const product = async (name: string, pricePaise: number, ingredients: object[]) => {
    const response = await api.post('/api/products', {
      data: { name, pricePaise, subcategory: `Drinks ${id}`, ingredients },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const tea = await product(`Masala Tea ${id}`, 25000, [
    { ingredientId: ingredient.id, quantityUsed: 50 },
  ]);
  const kulfi = await product(`${XSS_NAME} ${id}`, 49999, []);
  const label = `T-${id}`;
  const table = await api.post('/api/tables', { data: { label } });
  expect(table.status(), await table.text()).toBe(201);
  const tableId = ((await table.json()) as { id: string }).id;
  for (const [productId, delta] of [
    [tea, 2],
    [kulfi, 1],
  ] as const) {
    const line = await api.post(`/api/tables/${tableId}/lines`, {
      data: { opId: randomUUID(), productId, delta },
    });
    expect(line.status(), await line.text()).toBe(200);
  }
  return { id, label, tableId, ingredientId: ingredient.id, teaName: `Masala Tea ${id}` };
}

async function openPayment(page: Page, label: string) {
  await page.goto('/usersidebar/billing');
  await page.getByRole('button', { name: `Pay ₹999.99 for ${label}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay' });
  await expect(dialog.getByText(label)).toBeVisible();
  return dialog;
}

const choose = (dialog: ReturnType<Page['getByRole']>, group: string, option: string) =>
  dialog.getByRole('radiogroup', { name: group }).getByText(option, { exact: true }).click();

test.describe('the payment sheet on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('takes the focus, says a missing name at its field, has no serious accessibility problem, fits, and Escape gives the focus back to Pay', async ({
    page,
    playwright,
  }) => {
    // axe takes several seconds on a busy machine.
    test.setTimeout(60_000);
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const order = await tableWithOrder(api);
    await loginInBrowser(page, DEMO.staff.email, DEMO.staff.password);
    await expect(page).toHaveURL(/\/usersidebar\/billing$/);
    const pay = page.getByRole('button', { name: `Pay ₹999.99 for ${order.label}` });
    await pay.click();
    const dialog = page.getByRole('dialog', { name: 'Pay' });
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();

    await choose(dialog, 'Payment method', 'Due');
    await dialog.getByRole('button', { name: 'Save Payment' }).click();
    const responsible = dialog.getByRole('textbox', { name: 'Responsible person' });
    await expect(responsible).toBeFocused();
    await expect(responsible).toHaveAttribute('aria-invalid', 'true');
    await expect(responsible).toHaveAccessibleDescription(
      `Who will pay the due later ${MESSAGES.payment.responsibleRequired}`,
    );

    const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious, serious.join('\n')).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'the sheet is wider than the phone').toBeLessThanOrEqual(0);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(pay).toBeFocused();
  });
});

test.describe('billing', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the manager pays with a discount as Settled, prints the bill, and the stock goes down', async ({
    page,
    playwright,
  }) => {
    const messages = watchConsole(page);
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const order = await tableWithOrder(api);
    const settings = (await (await api.get('/api/branch/settings')).json()) as BranchSettings;

    await loginInBrowser(page, DEMO.manager.email, DEMO.manager.password);
    await expect(page).not.toHaveURL(/\/login$/);
    const dialog = await openPayment(page, order.label);
    await expect(dialog.getByText(`${XSS_NAME} ${order.id}`)).toBeVisible();
    await expect(dialog.getByTestId('discounted-total')).toHaveText('₹999.99');

    // A discount outside 0–100 is refused; 12.5 % of ₹999.99 is ₹125.00 (rounded half up).
    await dialog.getByLabel('Discount (%)').fill('120');
    await expect(dialog.getByTestId('discounted-total')).toHaveText('—');
    await dialog.getByRole('button', { name: 'Save Payment' }).click();
    await expect(dialog.getByText(MESSAGES.payment.discountOutOfRange)).toBeVisible();
    await dialog.getByLabel('Discount (%)').fill('12.5');
    await expect(dialog.getByTestId('discounted-total')).toHaveText('₹874.99');

    // Status without a method: the spec's words.
    await choose(dialog, 'Payment status', 'Settled');
    await dialog.getByRole('button', { name: 'Save Payment' }).click();
    await expect(dialog.getByText(MESSAGES.payment.methodAndStatusRequired)).toBeVisible();
    await choose(dialog, 'Payment method', 'Card');
    await dialog.getByRole('button', { name: 'Save Payment' }).click();
    await expect(toast(page, MESSAGES.payment.settled)).toBeVisible();
    const billTitle = dialog.getByText(/^Bill [A-Z0-9]+\/\d{4}\/\d{6}$/);
    await expect(billTitle).toBeVisible();
    const number = (await billTitle.textContent())!.replace('Bill ', '');

    // The table is empty again.
    const left = await api.get(`/api/tables/${order.tableId}/order`);
    expect(((await left.json()) as { lines: unknown[] }).lines).toEqual([]);

    // The printout: its own window, the branch's own details, the number, the lines as text.
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      dialog.getByRole('button', { name: 'Print bill' }).click(),
    ]);
    const bill = popup.getByRole('article', { name: `Bill No. ${number}` });
    await expect(bill.getByRole('heading', { name: settings.name })).toBeVisible();
    await expect(bill.getByText(number)).toBeVisible();
    await expect(bill.getByText(order.teaName)).toBeVisible();
    await expect(bill.getByText(`${XSS_NAME} ${order.id}`)).toBeVisible();
    await expect(bill.locator('img')).toHaveCount(0);
    await expect(bill.getByRole('row', { name: 'GRAND TOTAL ₹874.99' })).toBeVisible();
    await expect(bill.getByRole('row', { name: /^Card, .* ₹874\.99$/ })).toBeVisible();
    await expect(bill.getByText(/Thank you/)).toBeVisible();
    expect(popup.viewportSize()).toEqual({ width: 800, height: 600 });

    // 2 teas × 50 g left the store.
    const item = (await (
      await api.get(`/api/inventory/${order.ingredientId}`)
    ).json()) as InventoryItem;
    expect(item.quantity).toBe(900);
    expect(messages).toEqual([]);
  });

  test('a Due bill needs the responsible person, then toasts their name', async ({
    page,
    playwright,
  }) => {
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const order = await tableWithOrder(api);
    await loginInBrowser(page, DEMO.manager.email, DEMO.manager.password);
    await expect(page).not.toHaveURL(/\/login$/);
    const dialog = await openPayment(page, order.label);
    await choose(dialog, 'Payment method', 'Due');
    await expect(
      dialog
        .getByRole('radiogroup', { name: 'Payment status' })
        .getByRole('radio', { name: 'Due' }),
    ).toBeChecked();
    await dialog.getByLabel('Responsible person').fill('   ');
    await dialog.getByRole('button', { name: 'Save Payment' }).click();
    await expect(dialog.getByText(MESSAGES.payment.responsibleRequired)).toBeVisible();
    await dialog.getByLabel('Responsible person').fill(`Ravi ${order.id}`);
    await dialog.getByRole('button', { name: 'Save Payment' }).click();
    await expect(toast(page, MESSAGES.payment.dueBy(`Ravi ${order.id}`))).toBeVisible();
  });

  test('a ₹0 bill offers no Due: nobody can owe nothing', async ({ page, playwright }) => {
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const order = await tableWithOrder(api);
    await loginInBrowser(page, DEMO.manager.email, DEMO.manager.password);
    await expect(page).not.toHaveURL(/\/login$/);
    const dialog = await openPayment(page, order.label);
    const dueMethod = dialog
      .getByRole('radiogroup', { name: 'Payment method' })
      .getByRole('radio', { name: 'Due' });
    const dueStatus = dialog
      .getByRole('radiogroup', { name: 'Payment status' })
      .getByRole('radio', { name: 'Due' });
    await choose(dialog, 'Payment method', 'Due');
    await expect(dueStatus).toBeChecked();
    await dialog.getByLabel('Discount (%)').fill('100');
    await expect(dialog.getByTestId('discounted-total')).toHaveText('₹0.00');
    await expect(dueMethod).toHaveCount(0);
    await expect(dueStatus).toHaveCount(0);
    await expect(dialog.getByLabel('Responsible person')).toHaveCount(0);
    await choose(dialog, 'Payment method', 'Cash');
    await choose(dialog, 'Payment status', 'Settled');
    await dialog.getByRole('button', { name: 'Save Payment' }).click();
    await expect(toast(page, MESSAGES.payment.settled)).toBeVisible();
    await expect(dialog.getByText(`${order.label} · ₹0.00 (100% off) · Settled`)).toBeVisible();
  });

  test('a bill is split: ₹500 in cash and the rest by UPI', async ({ page, playwright }) => {
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const order = await tableWithOrder(api);
    await loginInBrowser(page, DEMO.manager.email, DEMO.manager.password);
    await expect(page).not.toHaveURL(/\/login$/);
    const dialog = await openPayment(page, order.label);
    await dialog.getByRole('switch', { name: 'Split between methods' }).check();
    await choose(dialog, 'Payment status', 'Settled');
    // The last amount takes what the first leaves (issue 30): one amount typed.
    await dialog.getByLabel('Amount 1 (₹)').fill('500');
    await expect(dialog.getByLabel('Amount 2 (₹)')).toHaveValue('499.99');
    await dialog.getByLabel('Amount 2 (₹)').fill('400');
    await expect(dialog.getByText('Remaining: ₹99.99')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save Payment' }).click();
    await expect(
      dialog.getByText('The amounts must add up to ₹999.99 (now ₹900.00).'),
    ).toBeVisible();
    await dialog.getByLabel('Amount 2 (₹)').fill('499.99');
    await expect(dialog.getByText('The whole amount is covered.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save Payment' }).click();
    await expect(toast(page, MESSAGES.payment.settled)).toBeVisible();

    const bills = await api.get(`/api/tables/${order.tableId}/order`);
    expect(((await bills.json()) as { lines: unknown[] }).lines).toEqual([]);
  });

  test('an order changed on another device is shown with its changes and billed as it is now', async ({
    page,
    playwright,
  }) => {
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const order = await tableWithOrder(api);
    const teaId = (
      (await (await api.get(`/api/tables/${order.tableId}/order`)).json()) as {
        lines: { productId: string; name: string }[];
      }
    ).lines.find((line) => line.name === order.teaName)!.productId;
    // No live events on this device: the server's version check is what catches the change.
    await page.route('**/api/events', (route) => route.abort());
    await loginInBrowser(page, DEMO.manager.email, DEMO.manager.password);
    await expect(page).not.toHaveURL(/\/login$/);
    const dialog = await openPayment(page, order.label);
    await choose(dialog, 'Payment method', 'Cash');
    await choose(dialog, 'Payment status', 'Settled');

    const more = await api.post(`/api/tables/${order.tableId}/lines`, {
      data: { opId: randomUUID(), productId: teaId, delta: 1 },
    });
    expect(more.status(), await more.text()).toBe(200);
    await dialog.getByRole('button', { name: 'Save Payment' }).click();

    await expect(dialog.getByText(/This order changed on another device/)).toBeVisible();
    await expect(
      dialog.getByRole('row', { name: new RegExp(`${order.teaName}.*was 2`) }),
    ).toBeVisible();
    await expect(dialog.getByTestId('discounted-total')).toHaveText('₹1,249.99');
    await dialog.getByRole('button', { name: 'Confirm the new amount' }).click();
    await dialog.getByRole('button', { name: 'Save Payment' }).click();
    await expect(toast(page, MESSAGES.payment.settled)).toBeVisible();
    await expect(dialog.getByText(`${order.label} · ₹1,249.99 · Settled`)).toBeVisible();
  });

  test('a table paid on another device while this one has Pay open: says so with the bill number and closes', async ({
    browser,
    playwright,
  }) => {
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const order = await tableWithOrder(api);
    const firstContext = await browser.newContext();
    const secondContext = await browser.newContext();
    try {
      const first = await firstContext.newPage();
      const second = await secondContext.newPage();
      await loginInBrowser(first, DEMO.manager.email, DEMO.manager.password);
      await expect(first).not.toHaveURL(/\/login$/);
      await loginInBrowser(second, DEMO.staff.email, DEMO.staff.password);
      await expect(second).not.toHaveURL(/\/login$/);
      const paying = await openPayment(first, order.label);
      const waiting = await openPayment(second, order.label);
      await choose(waiting, 'Payment method', 'UPI');

      await choose(paying, 'Payment method', 'Cash');
      await choose(paying, 'Payment status', 'Settled');
      await paying.getByRole('button', { name: 'Save Payment' }).click();
      const billTitle = paying.getByText(/^Bill [A-Z0-9]+\/\d{4}\/\d{6}$/);
      await expect(billTitle).toBeVisible();
      const number = (await billTitle.textContent())!.replace('Bill ', '');

      // The second device is told, by bill number, and its dialog closes: no ₹0 bill to pay.
      const told = toast(second, `${order.label} was just paid`);
      await expect(told).toBeVisible({ timeout: 10_000 });
      await expect(told).toContainText(`Bill ${number}, ₹999.99`);
      await expect(waiting).toBeHidden();
      await expect(second.getByText(/This order changed/)).toHaveCount(0);
    } finally {
      await firstContext.close();
      await secondContext.close();
    }
  });

  test('paid on another device without live updates: Save finds the bill and closes', async ({
    page,
    playwright,
  }) => {
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const order = await tableWithOrder(api);
    // No live events on this device: the server's 409 is what tells it.
    await page.route('**/api/events', (route) => route.abort());
    await loginInBrowser(page, DEMO.staff.email, DEMO.staff.password);
    await expect(page).not.toHaveURL(/\/login$/);
    const dialog = await openPayment(page, order.label);
    await choose(dialog, 'Payment method', 'Card');
    await choose(dialog, 'Payment status', 'Settled');

    const current = (await (await api.get(`/api/tables/${order.tableId}/order`)).json()) as {
      version: number;
    };
    const paid = await api.post(`/api/tables/${order.tableId}/payments`, {
      data: {
        idempotencyKey: randomUUID(),
        expectedVersion: current.version,
        status: 'Settled',
        payments: [{ method: 'Cash', amountPaise: 99_999 }],
      },
    });
    expect(paid.status(), await paid.text()).toBe(201);
    const { number } = (await paid.json()) as { number: string };

    await dialog.getByRole('button', { name: 'Save Payment' }).click();
    await expect(toast(page, `${order.label} was just paid`)).toContainText(`Bill ${number}`);
    await expect(dialog).toBeHidden();
  });

  test('staff bill from the order screen', async ({ page, playwright }) => {
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const order = await tableWithOrder(api);
    await loginInBrowser(page, DEMO.staff.email, DEMO.staff.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto(`/table/${order.tableId}`);
    await page.getByRole('button', { name: 'Pay ₹999.99' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay' });
    await choose(dialog, 'Payment method', 'UPI');
    await choose(dialog, 'Payment status', 'Settled');
    await dialog.getByRole('button', { name: 'Save Payment' }).click();
    await expect(toast(page, MESSAGES.payment.settled)).toBeVisible();
  });

  test('a tap still on its way when Pay is pressed is billed too, never left on the table', async ({
    page,
    playwright,
  }) => {
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const order = await tableWithOrder(api);
    await loginInBrowser(page, DEMO.staff.email, DEMO.staff.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto(`/table/${order.tableId}`);
    // A slow network: the tap reaches the server well after Pay is pressed.
    await page.route('**/api/tables/*/lines', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByRole('button', { name: `One more ${order.teaName}` }).click();
    await page.getByRole('button', { name: 'Pay ₹1,249.99' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay' });
    await choose(dialog, 'Payment method', 'Cash');
    await choose(dialog, 'Payment status', 'Settled');
    await dialog.getByRole('button', { name: 'Save Payment' }).click();
    await expect(toast(page, MESSAGES.payment.settled)).toBeVisible();

    const after = (await (await api.get(`/api/tables/${order.tableId}/order`)).json()) as {
      lines: unknown[];
    };
    expect(after.lines).toEqual([]);
    const stock = (await (
      await api.get(`/api/inventory/${order.ingredientId}`)
    ).json()) as InventoryItem;
    // Three teas billed (50 g each), the third one being the late tap.
    expect(stock.quantity).toBe(850);
  });

  test('the manager edits the branch details printed on bills', async ({ page }) => {
    await loginInBrowser(page, DEMO.manager.email, DEMO.manager.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'Settings' }).first().click();
    await expect(page.getByRole('heading', { name: 'Branch settings', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Time zone')).toHaveValue('Asia/Kolkata');
    await page.getByLabel('GSTIN (optional)').fill('12345');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Enter a valid 15-character GSTIN')).toBeVisible();
    await page.getByLabel('GSTIN (optional)').fill('29abcde1234f1zw');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Branch settings saved.')).toBeVisible();
    await expect(page.getByLabel('GSTIN (optional)')).toHaveValue('29ABCDE1234F1ZW');
  });
});
