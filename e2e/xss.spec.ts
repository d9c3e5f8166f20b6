import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { paths } from '../shared/routes';
import { branchWithManager, isoDate, loginInBrowser } from './support/helpers';

/**
 * Script in every free-text field (issue 10): a product, its subcategory, a table, an
 * ingredient and its category, a vendor and its address, a vendor payment's 'paid by', the
 * responsible person of a due, the branch's printed name and address. Every screen that shows
 * them, the printed bill and every CSV show the text as text: no script runs, no element is
 * made of it.
 */
const payload = (field: string) => `<img src=x onerror=__xss=1>${field}`;

const FIELDS = {
  table: payload('T'),
  category: payload('Cat'),
  ingredient: payload('Ing'),
  product: payload('Prod'),
  subcategory: payload('Sub'),
  vendor: payload('Ven'),
  address: payload('Addr'),
  paidBy: payload('Paid'),
  responsible: payload('Resp'),
  branchName: payload('Branch'),
};

async function created(response: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as { id: string; version?: number };
}

/** Everything above, made through the API in a fresh branch; answers the ids screens need. */
async function arrange(api: APIRequestContext) {
  const ingredient = await created(
    await api.post('/api/inventory', {
      data: { category: FIELDS.category, name: FIELDS.ingredient, quantity: 1000, unit: 'g' },
    }),
  );
  const product = await created(
    await api.post('/api/products', {
      data: {
        name: FIELDS.product,
        pricePaise: 12000,
        subcategory: FIELDS.subcategory,
        ingredients: [{ ingredientId: ingredient.id, quantityUsed: 10 }],
      },
    }),
  );
  const vendor = await created(
    await api.post('/api/vendors', {
      data: {
        name: FIELDS.vendor,
        contactNo: '98450 12345',
        address: FIELDS.address,
        categories: [FIELDS.category],
        itemIds: [ingredient.id],
      },
    }),
  );
  await created(
    await api.post('/api/stock/submissions', {
      data: {
        idempotencyKey: randomUUID(),
        entries: [
          {
            vendorId: vendor.id,
            invoiceDate: isoDate(),
            ingredientId: ingredient.id,
            quantity: 500,
            unit: 'g',
            pricePaise: 25000,
          },
        ],
      },
    }),
  );
  await created(
    await api.post(`/api/vendors/${vendor.id}/payments`, {
      data: { amountPaise: 10000, paidBy: FIELDS.paidBy, paidOn: isoDate() },
    }),
  );
  const settings = await api.get('/api/branch/settings');
  const { timeZone } = (await settings.json()) as { timeZone: string };
  await created(
    await api.put('/api/branch/settings', {
      data: { name: FIELDS.branchName, address: FIELDS.address, phone: '98450 12345', timeZone },
    }),
  );

  // One table billed as a due to a named person, one left open with the product on it.
  const order = async (label: string) => {
    const table = await created(await api.post('/api/tables', { data: { label } }));
    const line = await api.post(`/api/tables/${table.id}/lines`, {
      data: { opId: randomUUID(), productId: product.id, delta: 2 },
    });
    const { version } = (await line.json()) as { version: number };
    return { tableId: table.id, version };
  };
  const billed = await order(`${FIELDS.table} billed`);
  const bill = await created(
    await api.post(`/api/tables/${billed.tableId}/payments`, {
      data: {
        idempotencyKey: randomUUID(),
        expectedVersion: billed.version,
        status: 'Due',
        responsible: FIELDS.responsible,
        payments: [],
      },
    }),
  );
  const open = await order(FIELDS.table);
  return { ingredientId: ingredient.id, productId: product.id, vendorId: vendor.id, bill, open };
}

/** Shown as text: in the page's visible text, or as the value of a field. */
const shownAsText = (page: Page, text: string) =>
  page.evaluate(
    (wanted) =>
      document.body.innerText.includes(wanted) ||
      [
        ...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'),
      ].some((field) => field.value.includes(wanted)),
    text,
  );

/** No injected handler ran and no element came from the text: it is on screen as text. */
async function expectInert(page: Page, screen: string, texts: string[]) {
  for (const text of texts) {
    await expect.poll(() => shownAsText(page, text), `${screen}: ${text}`).toBe(true);
  }
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss), screen).toBeUndefined();
  expect(await page.locator('img[src="x"]').count(), screen).toBe(0);
}

test('script typed into free-text fields stays text on every screen, bill and CSV', async ({
  page,
  playwright,
}) => {
  test.setTimeout(90_000);
  const { manager, managerEmail, managerPassword } = await branchWithManager(playwright, {
    subscriptionType: 'yearly',
    activeDate: isoDate(),
    deactiveDate: isoDate(300),
  });
  const ids = await arrange(manager);
  page.on('dialog', (dialog) => {
    throw new Error(`A dialog opened: ${dialog.message()}`);
  });
  await loginInBrowser(page, managerEmail, managerPassword);
  await expect(page).toHaveURL(/\/usersidebar\/billing$/);

  const screens: [string, string[]][] = [
    [paths.billing, [FIELDS.table]],
    // The order screen names subcategories only when there are several to choose from; this
    // branch has one (the Product screen below shows it).
    [paths.table(ids.open.tableId), [FIELDS.product]],
    [paths.products, [FIELDS.product, FIELDS.subcategory]],
    [paths.editProduct(ids.productId), [FIELDS.category]],
    [paths.inventory, [FIELDS.ingredient, FIELDS.category]],
    [paths.editInventory(ids.ingredientId), []],
    [paths.vendors, [FIELDS.vendor]],
    [paths.vendor(ids.vendorId), [FIELDS.vendor, FIELDS.ingredient]],
    [paths.vendorPayments, [FIELDS.vendor]],
    [paths.settings, []],
    [paths.reportOrders, [FIELDS.product]],
    [paths.reportPayments, [FIELDS.responsible]],
    [paths.reportDues, [FIELDS.responsible]],
    [paths.userDashboard, [FIELDS.table]],
    [paths.billPrint(ids.bill.id), [FIELDS.branchName, FIELDS.product, FIELDS.responsible]],
  ];
  for (const [url, texts] of screens) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectInert(page, url, texts);
  }

  // The CSVs carry the text as it was typed (nothing starts a formula here).
  const today = isoDate();
  for (const [url, texts] of [
    [`/api/reports/orders.csv?from=${today}&to=${today}`, [FIELDS.product]],
    [`/api/reports/payments.csv?from=${today}&to=${today}`, [FIELDS.responsible]],
    [`/api/vendors/${ids.vendorId}/stock/csv`, [FIELDS.ingredient]],
  ] as const) {
    const response = await manager.get(url);
    expect(response.status(), url).toBe(200);
    const csv = await response.text();
    for (const text of texts) expect(csv, url).toContain(text);
  }
});
