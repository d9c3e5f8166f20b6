import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { parse } from 'csv-parse/sync';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { EXPORT_FILES } from '../shared/constants';
import { STOCK_CSV_COLUMNS } from '../shared/schemas/vendors.schemas';
import { formatDisplayDate } from '../shared/dates';
import { LABELS, MESSAGES } from '../shared/messages';
import { formatInr, rupeesToPaise } from '../shared/money';
import {
  DEMO,
  apiAs,
  choose,
  dayFirst,
  isoDate,
  loginInBrowser,
  toast,
  uniqueSuffix,
  watchConsole,
} from './support/helpers';

const vendorCard = (page: Page, name: string) => page.getByRole('listitem', { name });
/** A stat of a vendor's totals ('Total Payment', 'Amount Paid', 'Remaining'). */
const stat = (scope: Locator | Page, label: string) =>
  scope.getByRole('group', { name: label, exact: true });

/** The visible cells of a table's body rows, as text. */
const bodyRows = (table: Locator) =>
  table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
    );

async function inventoryItem(api: APIRequestContext, name: string) {
  const response = await api.get(`/api/inventory?${new URLSearchParams({ name })}`);
  expect(response.status(), await response.text()).toBe(200);
  const { items } = (await response.json()) as {
    items: { id: string; name: string; quantity: number; unit: string }[];
  };
  const item = items.find((candidate) => candidate.name === name);
  expect(item, name).toBeTruthy();
  return item!;
}

test.describe('vendors on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });

  test('an ingredient in kg, a vendor supplying it, two queued stock entries, a payment and the CSV agree everywhere', async ({
    page,
    playwright,
  }) => {
    // Three screens and a download in one story: more than the default 30 s on a loaded machine.
    test.setTimeout(60_000);
    const id = uniqueSuffix();
    const category = `Grains ${id}`;
    const ingredient = `Basmati ${id}`;
    const vendor = `Agro Traders ${id}`;
    const today = isoDate(0);
    const consoleProblems = watchConsole(page);
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    await loginInBrowser(page, DEMO.manager.email, DEMO.manager.password);
    await expect(page).not.toHaveURL(/\/login$/);

    // 2.5 kg is kept as 2,500 g.
    await page.goto('/add-ingredient');
    await page.getByRole('combobox', { name: LABELS.inventory.ingredientCategory }).fill(category);
    await page.getByRole('textbox', { name: LABELS.inventory.ingredientName }).fill(ingredient);
    await page.getByRole('textbox', { name: LABELS.inventory.quantity, exact: true }).fill('2.5');
    await choose(page, 'Unit', 'Kilograms');
    await page.getByRole('button', { name: 'Add Ingredient' }).click();
    await expect(toast(page, MESSAGES.inventory.ingredientAdded)).toBeVisible();
    await expect(page).toHaveURL(/\/inventorydashboard$/);
    expect(await inventoryItem(api, ingredient)).toMatchObject({ quantity: 2500, unit: 'g' });
    await page.getByLabel('Ingredient name', { exact: true }).fill(ingredient);
    await expect(page.getByRole('row').filter({ hasText: ingredient })).toContainText('2,500');

    // A vendor supplying it: its items are labelled with name, quantity and unit.
    await page.goto('/add-vendor');
    await page.getByLabel('Vendor Name').fill(vendor);
    await page.getByLabel('Contact Number').fill('+91 98450 00000');
    await page.getByLabel('Address').fill('12 Market Road, Pune');
    await choose(page, 'Categories', category);
    await page.keyboard.press('Escape');
    await choose(page, `Items in ${category}`, `${ingredient} (2.5 kg)`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: LABELS.vendor.addVendor }).click();
    await expect(toast(page, MESSAGES.vendor.added)).toBeVisible();
    await expect(page).toHaveURL(/\/vendordashboard$/);
    const card = vendorCard(page, vendor);
    await expect(stat(card, LABELS.vendor.totalPayment)).toContainText('₹0.00');

    // Two stock entries queued on Add Stock survive a reload, then go in together.
    await page.goto('/add-stock');
    const queueEntry = async (quantity: string, unit: 'kg' | 'g', price: string) => {
      await choose(page, 'Category', category);
      await choose(page, 'Item', ingredient);
      await page.getByLabel('Unit of the quantity to add').selectOption(unit);
      await page.getByRole('textbox', { name: 'Quantity to Add' }).fill(quantity);
      await page.getByRole('textbox', { name: 'Price' }).fill(price);
      await page.getByRole('button', { name: LABELS.stock.addStockEntry }).click();
    };
    await choose(page, 'Vendor', vendor);
    await page.getByRole('textbox', { name: 'Invoice Date' }).fill(dayFirst(today));
    await page.keyboard.press('Tab');
    await queueEntry('1.5', 'kg', '150.50');
    await queueEntry('500', 'g', '60');
    const queue = page.getByRole('table', { name: LABELS.stock.entriesToSubmit });
    await expect(queue.locator('tbody tr')).toHaveCount(2);
    await page.reload();
    await expect(queue.locator('tbody tr')).toHaveCount(2);
    await page.getByRole('button', { name: LABELS.stock.submitAll }).click();
    await expect(toast(page, MESSAGES.stock.updated)).toBeVisible();
    await expect(page).toHaveURL(/\/inventorydashboard$/);
    expect(await inventoryItem(api, ingredient)).toMatchObject({ quantity: 4500, unit: 'g' });

    // The vendor's total is the sum of the two prices.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Vendors' })
      .click();
    await expect(stat(card, LABELS.vendor.totalPayment)).toContainText('₹210.50');
    await card.getByRole('button', { name: LABELS.vendor.showMore }).click();
    const stockTable = card.getByRole('table', { name: `Stock details of ${vendor}` });
    await expect(stockTable.locator('tbody tr')).toHaveCount(2);
    await expect(card.getByText(MESSAGES.vendor.noComments)).toBeVisible();

    // A payment in edit mode: 'Add Comment'.
    await card.getByRole('button', { name: LABELS.vendor.edit }).click();
    const panel = card.getByRole('region', { name: `${LABELS.vendor.addComment}: ${vendor}` });
    await panel.getByLabel(LABELS.vendor.amountPaid).fill('100.25');
    await panel.getByLabel(LABELS.vendor.paidBy).fill('Anil');
    await expect(panel.getByRole('textbox', { name: LABELS.vendor.date })).toHaveValue(
      dayFirst(today),
    );
    await panel.getByRole('button', { name: LABELS.vendor.save }).click();
    await expect(toast(page, MESSAGES.vendor.updated)).toBeVisible();
    await expect(card.getByRole('list', { name: 'Comments' })).toContainText('Paid by Anil');
    await expect(card.getByRole('list', { name: 'Comments' })).toContainText('₹100.25');
    await expect(stat(card, 'Amount Paid')).toContainText('₹100.25');
    await expect(stat(card, 'Remaining')).toContainText('₹110.25');
    await expect(panel.getByLabel(LABELS.vendor.amountPaid)).toHaveValue('');

    // The CSV holds exactly the rows on screen.
    const downloading = page.waitForEvent('download');
    await card.getByRole('button', { name: LABELS.vendor.exportCsv }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(EXPORT_FILES.stockDetails);
    const records = parse(readFileSync(await download.path()), {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    const [dateColumn, nameColumn, quantityColumn, unitColumn, priceColumn] = STOCK_CSV_COLUMNS;
    expect(Object.keys(records[0] ?? {})).toEqual([...STOCK_CSV_COLUMNS]);
    // The quantity in the unit shown on screen (1.5 kg, not 1500), its unit in a column.
    expect(
      records.map((record) => [
        formatDisplayDate(record[dateColumn]!),
        record[nameColumn],
        `${record[quantityColumn]} ${record[unitColumn]}`,
        formatInr(rupeesToPaise(record[priceColumn]!)),
      ]),
    ).toEqual(await bodyRows(stockTable));
    expect(records.map((record) => [record[quantityColumn], record[unitColumn]]).sort()).toEqual([
      ['1.5', 'kg'],
      ['500', 'g'],
    ]);

    // Search by a part of the invoice date; nothing found means nothing to export.
    const search = card.getByLabel('Search by invoice date');
    await search.fill(today.slice(0, 7));
    await expect(stockTable.locator('tbody tr')).toHaveCount(2);
    await search.fill('1999-01');
    await expect(card.getByText('No stock with an invoice date containing')).toBeVisible();
    await card.getByRole('button', { name: LABELS.vendor.exportCsv }).click();
    await expect(toast(page, MESSAGES.report.nothingToExport)).toBeVisible();

    // The details page agrees; Back to Dashboard leads to the payments summary.
    await card.getByRole('link', { name: vendor }).click();
    await expect(page).toHaveURL(/\/vendor\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: vendor, level: 1 })).toBeVisible();
    await expect(stat(page, LABELS.vendor.totalPayment)).toContainText('₹210.50');
    await expect(stat(page, 'Amount Paid')).toContainText('₹100.25');
    await expect(stat(page, 'Remaining')).toContainText('₹110.25');
    await expect(
      page.getByRole('table', { name: `Stock details of ${vendor}` }).locator('tbody tr'),
    ).toHaveCount(2);
    await page.getByRole('link', { name: LABELS.vendor.backToDashboard }).click();
    await expect(page).toHaveURL(/\/vendor-payment-dashboard$/);
    const summaryRow = page.getByRole('row').filter({ hasText: vendor });
    await expect(summaryRow).toContainText('₹210.50');
    await expect(summaryRow).toContainText('₹110.25');
    await summaryRow.getByRole('link', { name: vendor }).click();
    await expect(page.getByRole('heading', { name: vendor, level: 1 })).toBeVisible();

    expect(consoleProblems).toEqual([]);
  });

  test('a vendor without stock has nothing to export; it can be edited and archived', async ({
    page,
    playwright,
  }) => {
    const id = uniqueSuffix();
    const name = `Quiet Supplier ${id}`;
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const created = await api.post('/api/vendors', {
      data: { name, contactNo: '020 1234 5678', address: 'Pune', categories: [], itemIds: [] },
    });
    expect(created.status(), await created.text()).toBe(201);

    await loginInBrowser(page, DEMO.manager.email, DEMO.manager.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/vendordashboard');
    const card = vendorCard(page, name);
    await card.getByRole('button', { name: LABELS.vendor.showMore }).click();
    await expect(card.getByText('No stock from this vendor yet.')).toBeVisible();
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    await card.getByRole('button', { name: LABELS.vendor.exportCsv }).click();
    await expect(toast(page, MESSAGES.report.nothingToExport)).toBeVisible();
    expect(downloaded).toBe(false);
    await card.getByRole('button', { name: LABELS.vendor.showLess }).click();
    await expect(card.getByRole('button', { name: LABELS.vendor.exportCsv })).toBeHidden();

    // A payment needs an amount above zero and a date that is not after today.
    await card.getByRole('button', { name: LABELS.vendor.edit }).click();
    const panel = card.getByRole('region', { name: `${LABELS.vendor.addComment}: ${name}` });
    await panel.getByLabel(LABELS.vendor.amountPaid).fill('0');
    await panel.getByLabel(LABELS.vendor.paidBy).fill('Anil');
    await panel.getByRole('textbox', { name: LABELS.vendor.date }).fill(dayFirst(isoDate(1)));
    await panel.getByRole('button', { name: LABELS.vendor.save }).click();
    await expect(panel.getByText('Amount paid must be more than 0')).toBeVisible();
    await expect(panel.getByText('The date cannot be after today')).toBeVisible();
    await expect(card.getByText(MESSAGES.vendor.noComments)).toBeVisible();
    await card.getByRole('button', { name: LABELS.vendor.edit }).click();

    // Edit: the same form, filled in; saved, the dashboard shows the new name.
    await card.getByRole('button', { name: LABELS.vendor.edit }).click();
    await card.getByRole('link', { name: 'Edit details' }).click();
    await expect(page.getByLabel('Vendor Name')).toHaveValue(name);
    const renamed = `${name} and Sons`;
    await page.getByLabel('Vendor Name').fill(renamed);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, MESSAGES.vendor.updated)).toBeVisible();
    await expect(page).toHaveURL(/\/vendordashboard$/);
    const renamedCard = vendorCard(page, renamed);
    await expect(renamedCard).toBeVisible();

    // Archive, after a confirmation: gone from the dashboard.
    await renamedCard.getByRole('button', { name: LABELS.vendor.edit }).click();
    await renamedCard.getByRole('link', { name: 'Edit details' }).click();
    await page.getByRole('button', { name: 'Archive vendor' }).click();
    const confirm = page.getByRole('dialog', { name: `Archive ${renamed}?` });
    await confirm.getByRole('button', { name: 'Archive vendor' }).click();
    await expect(toast(page, `${renamed} was archived.`)).toBeVisible();
    await expect(page).toHaveURL(/\/vendordashboard$/);
    await expect(page.getByRole('heading', { name: LABELS.vendor.dashboardTitle })).toBeVisible();
    await expect(vendorCard(page, renamed)).toHaveCount(0);
  });

  test('an unknown vendor id says Vendor not found and goes to the vendor payments', async ({
    page,
  }) => {
    await loginInBrowser(page, DEMO.manager.email, DEMO.manager.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/vendor/01900000-0000-7000-8000-000000000000');
    await expect(toast(page, MESSAGES.vendor.notFound)).toBeVisible();
    await expect(page).toHaveURL(/\/vendor-payment-dashboard$/);
    await expect(page.getByRole('heading', { name: 'Vendor payments', level: 1 })).toBeVisible();
  });

  test('staff get the not-allowed page on the vendor dashboard', async ({ page }) => {
    await loginInBrowser(page, DEMO.staff.email, DEMO.staff.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/vendordashboard');
    await expect(page.getByText(MESSAGES.auth.notAllowed)).toBeVisible();
    await expect(page.getByRole('button', { name: LABELS.vendor.addVendor })).toHaveCount(0);
  });
});

test('the vendor screens, a card open in edit mode included, have no accessibility violation', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginInBrowser(page, DEMO.manager.email, DEMO.manager.password);
  await expect(page).not.toHaveURL(/\/login$/);
  const violations = async (screen: string) =>
    (await new AxeBuilder({ page }).analyze()).violations.map(
      (v) => `${screen}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  const settled = () => expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const found: string[] = [];

  await page.goto('/vendordashboard');
  const card = vendorCard(page, 'Krishna Dairy Suppliers');
  await card.getByRole('button', { name: LABELS.vendor.edit }).click();
  await expect(card.getByText(LABELS.vendor.addComment, { exact: true })).toBeVisible();
  await settled();
  found.push(...(await violations('/vendordashboard (edit mode)')));

  await card.getByRole('link', { name: 'Edit details' }).click();
  await expect(page.getByLabel('Vendor Name')).toHaveValue('Krishna Dairy Suppliers');
  await settled();
  found.push(...(await violations('/add-vendor?edit')));

  await page.goto('/vendor-payment-dashboard');
  // The app chunk may still be loading (nothing busy yet): wait for the screen's heading.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settled();
  found.push(...(await violations('/vendor-payment-dashboard')));

  await page.getByRole('link', { name: 'Krishna Dairy Suppliers' }).click();
  await expect(
    page.getByRole('heading', { name: 'Krishna Dairy Suppliers', level: 1 }),
  ).toBeVisible();
  await settled();
  found.push(...(await violations('/vendor/{id}')));
  expect(found, found.join('\n')).toEqual([]);
});

test.describe('vendors on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('the dashboard shows each vendor as a card whose stock reads as a list', async ({
    page,
  }) => {
    await loginInBrowser(page, DEMO.manager.email, DEMO.manager.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/vendordashboard');
    const card = vendorCard(page, 'Krishna Dairy Suppliers');
    await expect(stat(card, LABELS.vendor.totalPayment)).toContainText('₹');
    await card.getByRole('button', { name: LABELS.vendor.showMore }).click();
    const rows = card.getByRole('list', { name: 'Stock details of Krishna Dairy Suppliers' });
    await expect(rows.getByRole('listitem')).toHaveCount(10);
    // Nothing is wider than the screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
});
