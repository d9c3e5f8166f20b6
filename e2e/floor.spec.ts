import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { MESSAGES } from '../shared/messages';
import type { TableOrder } from '../shared/schemas/tables.schemas';
import { DEMO, apiAs, loginInBrowser, uniqueSuffix } from './support/helpers';

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('alert').filter({ hasText: text });

/** Two products (₹100.00 and ₹50.00) and tables, made through the API. */
async function setUp(api: APIRequestContext, tables: number) {
  const id = uniqueSuffix();
  const product = async (name: string, pricePaise: number) => {
    const response = await api.post('/api/products', {
      data: { name, pricePaise, subcategory: `Floor ${id}`, ingredients: [] },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const dosa = await product(`Dosa ${id}`, 10_000);
  const tea = await product(`Tea ${id}`, 5_000);
  const ids: { id: string; label: string }[] = [];
  for (let k = 0; k < tables; k += 1) {
    const label = `F${k + 1}-${id}`;
    const response = await api.post('/api/tables', { data: { label } });
    expect(response.status(), await response.text()).toBe(201);
    ids.push({ id: ((await response.json()) as { id: string }).id, label });
  }
  const tap = async (tableId: string, productId: string, delta: number) => {
    const response = await api.post(`/api/tables/${tableId}/lines`, {
      data: { opId: randomUUID(), productId, delta },
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  const order = async (tableId: string) =>
    (await (await api.get(`/api/tables/${tableId}/order`)).json()) as TableOrder;
  return { id, dosa, tea, tables: ids, tap, order };
}

/** Picks a choice of the payment dialog's radio groups. */
const pick = (dialog: Locator, group: string, option: string) =>
  dialog.getByRole('radiogroup', { name: group }).getByText(option, { exact: true }).click();

async function openFloor(page: Page, label: string, item: string) {
  await page.getByRole('button', { name: `Move, merge or split ${label}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test.describe('move, merge and split', () => {
  test('a move and a merge from the order screen', async ({ page, playwright }) => {
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const { dosa, tea, tables, tap, order } = await setUp(api, 3);
    const [a, b, c] = tables as [(typeof tables)[0], (typeof tables)[0], (typeof tables)[0]];
    await tap(a.id, dosa, 2);
    await tap(c.id, tea, 1);
    await loginInBrowser(page, DEMO.staff.email, DEMO.staff.password);
    await expect(page).not.toHaveURL(/\/login$/);

    await page.goto(`/table/${a.id}`);
    await openFloor(page, a.label, 'Move to a free table');
    const moveDialog = page.getByRole('dialog', { name: `Move ${a.label} to` });
    // A table with an order is not offered for a move.
    await expect(moveDialog.getByRole('button', { name: new RegExp(c.label) })).toHaveCount(0);
    await moveDialog.getByRole('button', { name: new RegExp(`^${b.label}`) }).click();
    await expect(toast(page, `${a.label} moved to ${b.label}`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/table/${b.id}$`));
    await expect(page.getByRole('heading', { name: b.label, level: 1 })).toBeVisible();
    expect((await order(a.id)).lines).toEqual([]);
    expect((await order(b.id)).lines.map((line) => line.quantity)).toEqual([2]);

    await openFloor(page, b.label, 'Merge into a table');
    const mergeDialog = page.getByRole('dialog', { name: `Merge ${b.label} into` });
    await mergeDialog.getByRole('button', { name: new RegExp(`^${c.label}`) }).click();
    await expect(toast(page, `${b.label} merged into ${c.label}`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/table/${c.id}$`));
    expect((await order(b.id)).lines).toEqual([]);
    const merged = await order(c.id);
    expect(merged.lines.map((line) => [line.productId, line.quantity]).sort()).toEqual(
      [
        [dosa, 2],
        [tea, 1],
      ].sort(),
    );
  });

  test('a split by items, then the rest, each paid', async ({ page, playwright }) => {
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const { id, dosa, tea, tables, tap, order } = await setUp(api, 1);
    const table = tables[0]!;
    await tap(table.id, dosa, 2);
    await tap(table.id, tea, 2);
    await loginInBrowser(page, DEMO.staff.email, DEMO.staff.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto(`/table/${table.id}`);

    await openFloor(page, table.label, 'Split by items');
    const split = page.getByRole('dialog', { name: `Split ${table.label} by items` });
    await split.getByRole('button', { name: `One Dosa ${id} more` }).click();
    await split.getByRole('button', { name: `One Tea ${id} more` }).click();
    await split.getByRole('button', { name: /Bill these/ }).click();
    const pay = page.getByRole('dialog', { name: 'Pay some items' });
    await expect(pay.getByTestId('split-note')).toBeVisible();
    await pick(pay, 'Payment method', 'Cash');
    await pick(pay, 'Payment status', 'Settled');
    await pay.getByRole('button', { name: 'Save Payment' }).click();
    await expect(toast(page, MESSAGES.payment.settled)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(pay).toBeHidden();
    const rest = await order(table.id);
    expect(rest.lines.map((line) => [line.productId, line.quantity]).sort()).toEqual(
      [
        [dosa, 1],
        [tea, 1],
      ].sort(),
    );

    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    const payRest = page.getByRole('dialog', { name: 'Pay' });
    await pick(payRest, 'Payment method', 'UPI');
    await pick(payRest, 'Payment status', 'Settled');
    await payRest.getByRole('button', { name: 'Save Payment' }).click();
    await expect(toast(page, MESSAGES.payment.settled).last()).toBeVisible();
    await expect.poll(async () => (await order(table.id)).lines.length).toBe(0);
  });

  test('an equal split in three, each part paid in turn, each its own bill', async ({
    page,
    playwright,
  }) => {
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const { dosa, tea, tables, tap, order } = await setUp(api, 1);
    const table = tables[0]!;
    await tap(table.id, dosa, 1);
    await tap(table.id, tea, 1);
    await loginInBrowser(page, DEMO.staff.email, DEMO.staff.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto(`/table/${table.id}`);

    await openFloor(page, table.label, 'Split equally');
    const dialog = page.getByRole('dialog', { name: `Split ${table.label} equally` });
    await dialog.getByRole('button', { name: 'One part more' }).click();
    await expect(dialog.getByTestId('split-parts')).toHaveText('3');
    const parts = dialog.getByRole('list', { name: 'Parts' }).getByRole('listitem');
    await expect(parts).toHaveCount(3);
    await dialog.getByRole('button', { name: 'Take the payments' }).click();
    for (const [part, method] of [
      [1, 'Cash'],
      [2, 'Card'],
      [3, 'UPI'],
    ] as const) {
      await expect(dialog.getByText(`Part ${part} of 3`)).toBeVisible();
      await dialog.getByText(method, { exact: true }).click();
      await dialog.getByRole('button', { name: `Part ${part} paid` }).click();
    }
    await expect(toast(page, 'Paid in 3 parts')).toBeVisible();
    const bills = dialog.getByRole('list', { name: 'Paid in 3 parts' }).getByRole('listitem');
    await expect(bills).toHaveCount(3);
    await expect(bills.nth(1)).toContainText('Card');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(async () => (await order(table.id)).lines.length).toBe(0);
  });
});
