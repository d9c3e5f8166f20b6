import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MESSAGES } from '../shared/messages';
import type { InventoryItem, InventoryList } from '../shared/schemas/inventory.schemas';
import { DEMO, apiAs, isoDate, loginInBrowser, uniqueSuffix } from './support/helpers';

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('alert').filter({ hasText: text });

/** A Mantine select: open it by its label and pick the option. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function loginAsManager(page: Page) {
  await loginInBrowser(page, DEMO.manager.email, DEMO.manager.password);
  await expect(page).not.toHaveURL(/\/login$/);
}

/** The dashboard filtered to one name, and that item's row. */
async function rowOf(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Ingredient name' }).fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

async function itemNamed(api: APIRequestContext, name: string): Promise<InventoryItem | undefined> {
  const response = await api.get(`/api/inventory?name=${encodeURIComponent(name)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as InventoryList).items.find((item) => item.name === name);
}

/** An ingredient and a vendor of its category (selling it unless `itemIds` says otherwise). */
async function itemWithVendor(
  api: APIRequestContext,
  item: { category: string; name: string; quantity: number; unit: string },
  vendorName: string,
  sellsIt = true,
) {
  const created = await api.post('/api/inventory', { data: item });
  expect(created.status(), await created.text()).toBe(201);
  const stored = (await created.json()) as InventoryItem;
  const vendor = await api.post('/api/vendors', {
    data: {
      name: vendorName,
      contactNo: '9800000000',
      address: 'Market Road',
      categories: [item.category],
      itemIds: sellsIt ? [stored.id] : [],
    },
  });
  expect(vendor.status(), await vendor.text()).toBe(201);
  return { item: stored, vendorId: ((await vendor.json()) as { id: string }).id };
}

test.describe('inventory on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the manager adds an ingredient in kilograms, sees grams stored, edits it, is refused a duplicate, sees it low and deletes it', async ({
    page,
    playwright,
  }) => {
    const id = uniqueSuffix();
    const category = `Spices ${id}`;
    const name = `Saffron ${id}`;
    await loginAsManager(page);
    await page.goto('/inventorydashboard');
    await expect(
      page.getByRole('heading', { name: 'Total Inventory Items', level: 1 }),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Add Inventory' }).click();
    await expect(page).toHaveURL(/\/add-ingredient$/);
    await page.getByRole('combobox', { name: 'Ingredient Category' }).fill(category);
    await page.getByLabel('Ingredient Name').fill(name);
    await page.getByRole('textbox', { name: 'Quantity' }).fill('1.5');
    await choose(page, 'Unit', 'Kilograms');
    await page.getByRole('button', { name: 'Add Ingredient' }).click();
    await expect(toast(page, MESSAGES.inventory.ingredientAdded)).toBeVisible();
    await expect(page).toHaveURL(/\/inventorydashboard$/);

    // 1.5 kg is kept as 1,500 g (and reads 1.5 kg beside it).
    let row = await rowOf(page, name);
    await expect(row).toContainText(category);
    await expect(row).toContainText('1,500');
    await expect(row.getByRole('cell', { name: 'g', exact: true })).toBeVisible();
    await expect(row).toContainText('1.5 kg');

    // The same name in the same category is refused under the name field.
    await page.getByRole('link', { name: 'Add Inventory' }).click();
    await page.getByRole('combobox', { name: 'Ingredient Category' }).fill(category);
    await page.getByLabel('Ingredient Name').fill(name);
    await page.getByRole('textbox', { name: 'Quantity' }).fill('10');
    await page.getByRole('button', { name: 'Add Ingredient' }).click();
    await expect(
      page.getByText('An ingredient with this name already exists in this category'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/add-ingredient$/);
    await page.getByRole('link', { name: 'Cancel' }).click();

    // Edit: a lower quantity and a low-stock level above it.
    row = await rowOf(page, name);
    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(/\/editinventory\/[0-9a-f-]+$/);
    await expect(page.getByRole('textbox', { name: 'Quantity' })).toHaveValue('1500');
    await page.getByRole('textbox', { name: 'Quantity' }).fill('1200');
    await page.getByLabel('Low-stock level').fill('2000');

    // Meanwhile the quantity moves elsewhere: the save is refused under Quantity, not overwritten.
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const itemId = page.url().split('/').pop()!;
    const moved = await api.put(`/api/inventory/${itemId}`, {
      data: { category, name, quantity: 1400, unit: 'g', reason: 'Recount' },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(
      page.getByText('The quantity changed to 1.4 kg since you opened this item'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/editinventory\//);
    await expect(page.getByText('Now 1.4 kg in store.')).toBeVisible();
    // Checked, saved again: now it goes through.
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, `${name} was updated.`)).toBeVisible();
    await expect(page).toHaveURL(/\/inventorydashboard$/);

    row = await rowOf(page, name);
    await expect(row).toContainText('1,200');
    await expect(row).toContainText('Low stock');
    await expect(page.getByText(/\d+ items? below (its|their) low-stock level/)).toBeVisible();

    // The history opens under the name: the addition and the update.
    await row.getByRole('button', { name, exact: true }).click();
    const history = page.getByRole('table', { name: `History of ${name}` });
    await expect(history.getByRole('row').filter({ hasText: '+1,500 g' })).toContainText(
      'Add Inventory',
    );
    await expect(history.getByRole('row').filter({ hasText: '−100 g' })).toContainText(
      'Correction',
    );
    await expect(history.getByRole('row').filter({ hasText: '−200 g' })).toContainText('Update');

    // Delete after a confirmation.
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, `${name} was deleted.`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
    await expect(page.getByText(MESSAGES.inventory.empty)).toBeVisible();
  });

  test('deleting an ingredient a recipe uses is refused with the products named', async ({
    page,
  }) => {
    await loginAsManager(page);
    await page.goto('/inventorydashboard');
    const row = await rowOf(page, 'Paneer');
    await row.getByRole('button', { name: 'Delete Paneer' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Paneer?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(toast(page, /used in the recipes of .+/)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Paneer' })).toHaveCount(1);
  });

  test('queued stock entries survive a reload, and a retry after a lost answer applies them once', async ({
    page,
    playwright,
  }) => {
    const id = uniqueSuffix();
    const category = `Pantry ${id}`;
    const name = `Cardamom ${id}`;
    const vendorName = `Spice Route ${id}`;
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    await itemWithVendor(api, { category, name, quantity: 500, unit: 'g' }, vendorName);

    await loginAsManager(page);
    await page.goto('/inventorydashboard');
    await page.getByRole('link', { name: 'Add Stock' }).click();
    await expect(page).toHaveURL(/\/add-stock$/);

    // Category and item wait for their vendor and category.
    await expect(page.getByRole('combobox', { name: 'Category', exact: true })).toBeDisabled();
    await choose(page, 'Vendor', vendorName);
    await expect(page.getByRole('combobox', { name: 'Item', exact: true })).toBeDisabled();
    const [year, month, day] = isoDate(-1).split('-');
    await page.getByRole('textbox', { name: 'Invoice Date' }).fill(`${day}-${month}-${year}`);
    await page.keyboard.press('Escape');

    await choose(page, 'Category', category);
    await choose(page, 'Item', name);
    await expect(page.getByLabel('Current Quantity')).toHaveValue('500 g');
    await page.getByRole('textbox', { name: 'Quantity to Add' }).fill('1');
    await page.getByLabel('Unit of the quantity to add').selectOption('kg');
    await page.getByLabel('Price').fill('250.50');
    await page.getByRole('button', { name: 'Add Stock Entry' }).click();

    // Category, item, quantity and price clear; the vendor stays for the next line.
    await expect(page.getByRole('combobox', { name: 'Item', exact: true })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Quantity to Add' })).toHaveValue('');
    await choose(page, 'Category', category);
    await choose(page, 'Item', name);
    await expect(page.getByLabel('Current Quantity')).toHaveValue('1.5 kg (1 kg queued)');
    // The current quantity now reads in kg, and so does the quantity to add: grams on request.
    await expect(page.getByLabel('Unit of the quantity to add')).toHaveValue('kg');
    await page.getByLabel('Unit of the quantity to add').selectOption('g');
    await page.getByRole('textbox', { name: 'Quantity to Add' }).fill('200');
    await page.getByLabel('Price').fill('60');
    await page.getByRole('button', { name: 'Add Stock Entry' }).click();

    const queue = page.getByRole('table', { name: 'Stock Entries to Submit' });
    await expect(queue.getByRole('row').filter({ hasText: name })).toHaveCount(2);

    await page.reload();
    await expect(queue.getByRole('row').filter({ hasText: vendorName })).toHaveCount(2);
    await expect(queue).toContainText('₹250.50');
    await expect(queue).toContainText('₹60.00');

    // The first answer is lost on the way back (the server did write it)...
    await page.route('**/api/stock/submissions', async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Submit All Stock Entries' }).click();
    await expect(toast(page, 'Stock not updated')).toBeVisible();
    await expect.poll(async () => (await itemNamed(api, name))?.quantity).toBe(1700);
    await page.unroute('**/api/stock/submissions');

    // ...so the queue and its key are still here after a reload, and the retry writes nothing twice.
    await page.reload();
    await expect(queue.getByRole('row').filter({ hasText: name })).toHaveCount(2);
    await page.getByRole('button', { name: 'Submit All Stock Entries' }).click();
    await expect(toast(page, MESSAGES.stock.updated)).toBeVisible();
    await expect(page).toHaveURL(/\/inventorydashboard$/);
    expect((await itemNamed(api, name))?.quantity).toBe(1700);

    const row = await rowOf(page, name);
    await expect(row).toContainText('1,700');
    await row.getByRole('button', { name, exact: true }).click();
    const history = page.getByRole('table', { name: `History of ${name}` });
    const purchases = history.getByRole('row').filter({ hasText: 'Add Stock' });
    await expect(purchases).toHaveCount(2);
    await expect(purchases.filter({ hasText: '+1,000 g' })).toContainText('₹250.50');
    await expect(purchases.filter({ hasText: '+200 g' })).toContainText('₹60.00');

    // The queue is empty now.
    await page.goto('/add-stock');
    await expect(page.getByText('No entries yet.')).toBeVisible();
  });

  test('Add Stock takes the quantity in the unit shown, gives the price per kg, asks before a price far from the last, and a mistaken entry is reversed from the history', async ({
    page,
    playwright,
  }) => {
    const id = uniqueSuffix();
    const category = `Grains ${id}`;
    const name = `Basmati ${id}`;
    const vendorName = `Grain House ${id}`;
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const { item, vendorId } = await itemWithVendor(
      api,
      { category, name, quantity: 10, unit: 'kg' },
      vendorName,
    );
    // Bought before at ₹90 a kg.
    const bought = await api.post('/api/stock/submissions', {
      data: {
        idempotencyKey: crypto.randomUUID(),
        entries: [
          {
            vendorId,
            ingredientId: item.id,
            invoiceDate: isoDate(-2),
            quantity: 10,
            unit: 'kg',
            pricePaise: 90_000,
          },
        ],
      },
    });
    expect(bought.status(), await bought.text()).toBe(201);

    await loginAsManager(page);
    await page.goto('/add-stock');
    await choose(page, 'Vendor', vendorName);
    const [year, month, day] = isoDate(-1).split('-');
    await page.getByRole('textbox', { name: 'Invoice Date' }).fill(`${day}-${month}-${year}`);
    await page.keyboard.press('Escape');
    await choose(page, 'Category', category);
    await choose(page, 'Item', name);
    await expect(page.getByLabel('Current Quantity')).toHaveValue('20 kg');
    // 25 means 25 kg, as the current quantity reads; the price per kg shows before it is queued.
    await expect(page.getByLabel('Unit of the quantity to add')).toHaveValue('kg');
    await page.getByRole('textbox', { name: 'Quantity to Add' }).fill('25');
    await page.getByLabel('Price').fill('2250');
    await expect(page.getByTestId('price-per-unit')).toHaveText(
      'That is ₹90.00 per kg · last bought at ₹90.00 per kg',
    );
    await page.getByRole('button', { name: 'Add Stock Entry' }).click();
    const queue = page.getByRole('table', { name: 'Stock Entries to Submit' });
    await expect(queue.getByRole('row').filter({ hasText: name })).toHaveCount(1);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // 25 g for ₹2,250 is ₹90,000 a kg: asked first; Cancel queues nothing.
    await choose(page, 'Category', category);
    await choose(page, 'Item', name);
    await page.getByLabel('Unit of the quantity to add').selectOption('g');
    await page.getByRole('textbox', { name: 'Quantity to Add' }).fill('25');
    await page.getByLabel('Price').fill('2250');
    await expect(page.getByTestId('price-per-unit')).toContainText('That is ₹90,000.00 per kg');
    await page.getByRole('button', { name: 'Add Stock Entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Check the quantity and price' });
    await expect(dialog).toContainText('far from the last purchase at ₹90.00 per kg');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(queue.getByRole('row').filter({ hasText: name })).toHaveCount(1);
    // Added anyway: the mistake goes through, to be reversed below.
    await page.getByRole('button', { name: 'Add Stock Entry' }).click();
    await dialog.getByRole('button', { name: 'Add anyway' }).click();
    await expect(queue.getByRole('row').filter({ hasText: name })).toHaveCount(2);
    await page.getByRole('button', { name: 'Submit All Stock Entries' }).click();
    await expect(toast(page, MESSAGES.stock.updated)).toBeVisible();
    expect((await itemNamed(api, name))?.quantity).toBe(45_025);

    // The manager reverses the mistaken entry from the item's history, after a confirmation.
    const row = await rowOf(page, name);
    await row.getByRole('button', { name, exact: true }).click();
    const history = page.getByRole('table', { name: `History of ${name}` });
    await expect(history.getByRole('button', { name: /^Reverse the stock entry of / })).toHaveCount(
      3,
    );
    await history.getByRole('button', { name: /^Reverse the stock entry of 25 g on / }).click();
    const confirm = page.getByRole('dialog', { name: `Reverse 25 g of ${name}?` });
    await confirm.getByRole('button', { name: 'Reverse' }).click();
    await expect(toast(page, `25 g of ${name} was taken back.`)).toBeVisible();
    await expect(history.getByRole('row').filter({ hasText: 'Reversal' })).toContainText('−25 g');
    await expect(history.getByRole('row').filter({ hasText: 'Reversed on' })).toContainText('by ');
    // Once only: that entry offers no Reverse any more.
    await expect(history.getByRole('button', { name: /^Reverse the stock entry of / })).toHaveCount(
      2,
    );
    expect((await itemNamed(api, name))?.quantity).toBe(45_000);
  });

  test('Add Stock says why a vendor saved without items has none to pick, and links to the vendor', async ({
    page,
    playwright,
  }) => {
    const id = uniqueSuffix();
    const category = `Bakery ${id}`;
    const vendorName = `Empty Bakery ${id}`;
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const { vendorId } = await itemWithVendor(
      api,
      { category, name: `Flour ${id}`, quantity: 1, unit: 'kg' },
      vendorName,
      false,
    );

    await loginAsManager(page);
    await page.goto('/add-stock');
    await choose(page, 'Vendor', vendorName);
    const hint = page.getByTestId('no-items-hint');
    await expect(hint).toContainText(`${vendorName} has categories but no items chosen`);
    await hint.getByRole('link', { name: `Choose the items of ${vendorName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/add-vendor\\?edit=${vendorId}$`));
  });

  test('the low-stock card filters the list to the low items and back; a grams field says it takes whole numbers', async ({
    page,
    playwright,
  }) => {
    const id = uniqueSuffix();
    const category = `Dry ${id}`;
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    for (const [name, quantity] of [
      [`Low Lentils ${id}`, 100],
      [`Full Lentils ${id}`, 5000],
    ] as const) {
      const created = await api.post('/api/inventory', {
        data: { category, name, quantity, unit: 'g', lowStockThreshold: 1000 },
      });
      expect(created.status(), await created.text()).toBe(201);
    }
    await loginAsManager(page);
    await page.goto('/inventorydashboard');
    await page.getByRole('searchbox', { name: 'Ingredient name' }).fill(`Lentils ${id}`);
    const rows = page.getByRole('row').filter({ hasText: `Lentils ${id}` });
    await expect(rows).toHaveCount(2);
    const card = page.getByRole('button', { name: /1 item below its low-stock level/ });
    await card.click();
    await expect(card).toHaveAttribute('aria-pressed', 'true');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(`Low Lentils ${id}`);
    await page.getByRole('button', { name: 'Show all items', exact: true }).click();
    await expect(card).toHaveAttribute('aria-pressed', 'false');
    await expect(rows).toHaveCount(2);

    // 2.5 in grams: what grams take, even with another field still empty.
    await page.goto('/add-ingredient');
    await page.getByRole('textbox', { name: 'Quantity' }).fill('2.5');
    await page.getByRole('button', { name: 'Add Ingredient' }).click();
    await expect(
      page.getByText('Quantity in grams takes whole numbers (choose kg for 2.5)'),
    ).toBeVisible();
    await expect(page.getByText('Quantity must be a number')).toHaveCount(0);
  });

  test('a sale in the history names its bill and table', async ({ page, playwright }) => {
    const id = uniqueSuffix();
    const name = `Ghee ${id}`;
    const tableLabel = `Patio ${id}`;
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const ok = async <T>(
      response: Promise<import('@playwright/test').APIResponse>,
      status = 200,
    ) => {
      const answer = await response;
      expect(answer.status(), await answer.text()).toBe(status);
      return (await answer.json()) as T;
    };
    const item = await ok<InventoryItem>(
      api.post('/api/inventory', {
        data: { category: `Fats ${id}`, name, quantity: 1, unit: 'kg' },
      }),
      201,
    );
    const product = await ok<{ id: string }>(
      api.post('/api/products', {
        data: {
          name: `Ghee Roast ${id}`,
          pricePaise: 20_000,
          subcategory: 'Mains',
          ingredients: [{ ingredientId: item.id, quantityUsed: 50 }],
        },
      }),
      201,
    );
    const table = await ok<{ id: string }>(
      api.post('/api/tables', { data: { label: tableLabel } }),
      201,
    );
    const order = await ok<{ version: number }>(
      api.post(`/api/tables/${table.id}/lines`, {
        data: { opId: crypto.randomUUID(), productId: product.id, delta: 1 },
      }),
    );
    const bill = await ok<{ number: string; totalPaise: number }>(
      api.post(`/api/tables/${table.id}/payments`, {
        data: {
          idempotencyKey: crypto.randomUUID(),
          expectedVersion: order.version,
          discountPercent: 0,
          status: 'Settled',
          payments: [{ method: 'Cash', amountPaise: 20_000 }],
        },
      }),
      201,
    );

    await loginAsManager(page);
    await page.goto('/inventorydashboard');
    const row = await rowOf(page, name);
    await row.getByRole('button', { name, exact: true }).click();
    const sale = page
      .getByRole('table', { name: `History of ${name}` })
      .getByRole('row')
      .filter({ hasText: 'Sale' });
    await expect(sale).toContainText(`Bill ${bill.number}`);
    await expect(sale).toContainText(tableLabel);
  });

  test('staff see the dashboard read-only and may add stock, but not add ingredients', async ({
    page,
  }) => {
    await loginInBrowser(page, DEMO.staff.email, DEMO.staff.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/inventorydashboard');
    await expect(
      page.getByRole('heading', { name: 'Total Inventory Items', level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Stock' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Inventory' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit Paneer' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete Paneer' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Add Stock' }).click();
    await expect(page.getByRole('heading', { name: 'Stock Management', level: 1 })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Vendor', exact: true })).toBeEnabled();

    await page.goto('/add-ingredient');
    await expect(page.getByText(MESSAGES.auth.notAllowed)).toBeVisible();
  });
});

test.describe('inventory on a phone', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('items are cards whose history opens inside', async ({ page }) => {
    await loginAsManager(page);
    await page.goto('/inventorydashboard');
    await page.getByRole('searchbox', { name: 'Ingredient name' }).fill('Paneer');
    const card = page.getByRole('listitem').filter({ hasText: 'Paneer' });
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: 'Paneer', exact: true }).click();
    await expect(card.getByRole('list', { name: 'History of Paneer' })).toBeVisible();
    // Nothing runs off the side of a 360 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  });
});
