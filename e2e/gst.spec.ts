import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { formatDisplayDate } from '../shared/dates';
import { MESSAGES } from '../shared/messages';
import type { Bill } from '../shared/schemas/billing.schemas';
import {
  branchWithManager,
  choose,
  isoDate,
  loginInBrowser,
  signedInAt,
  toast,
  uniqueSuffix,
} from './support/helpers';

/**
 * The GST journey (docs/gst.md) on a branch of its own (the demo branch bills without tax for
 * the other journeys): the manager sets the tax profile in Settings, gives two products 5 % and
 * 18 %, pays a B2B bill with a discount and the service charge, checks every figure of the
 * printed tax invoice against the calculation by hand below, cancels a second bill from the
 * payment report, and exports the tax report, each CSV's Total row equal to the screen's.
 *
 * The bill, by hand (exclusive prices; the same bill as server/modules/billing/billing.gst.test.ts):
 *   Veg Thali      ₹240.00 × 2 = ₹480.00 at 5 %  (SAC 996331)
 *   Virgin Mojito  ₹99.50  × 3 = ₹298.50 at 18 % (HSN 2202)
 *   subtotal ₹778.50; discount 10 % = ₹77.85, spread by value: thali ₹48.00, mojito ₹29.85
 *   net: thali ₹432.00, mojito ₹268.65; taxable value ₹700.65
 *   5 %:  half = round(43,200 × 500 / 20,000)   = 1,080 paise  (CGST = SGST = ₹10.80)
 *   18 %: half = round(26,865 × 1,800 / 20,000) = 2,417.85 → 2,418 (CGST = SGST = ₹24.18)
 *   service charge 10 % of ₹700.65 = 7,006.5 → ₹70.07, taxed at the largest group's rate (5 %):
 *     half = round(7,007 × 500 / 20,000) = 175.175 → 175 (₹1.75)
 *   CGST = SGST = 10.80 + 24.18 + 1.75 = ₹36.73; tax ₹73.46
 *   tax summary: 5 %: taxable 432.00 + 70.07 = ₹502.07, CGST 2.5 % ₹12.55, SGST 2.5 % ₹12.55
 *                18 %: taxable ₹268.65, CGST 9 % ₹24.18, SGST 9 % ₹24.18
 *   before round-off 700.65 + 70.07 + 73.46 = ₹844.18 → round off −₹0.18 → GRAND TOTAL ₹844.00
 *
 * The second bill (cancelled): 1 × thali ₹240.00 at 5 %, no service charge: CGST = SGST =
 * round(24,000 × 500 / 20,000) = ₹6.00, total ₹252.00, round off 0.
 */

const SELLER_GSTIN = '27AAPFU0939F1ZV';
const FSSAI = '11521999000123';
const BUYER = {
  name: 'Acme Traders Pvt Ltd',
  gstin: '29AAGCB7383J1Z4',
  address: '12 MG Road, Bengaluru 560001',
};

/** '2627' for a business day in April 2026 – March 2027. */
function compactYear(date: string) {
  const year = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 4 ? year : year - 1;
  return `${String(start).slice(2)}${String(start + 1).slice(2)}`;
}

/** '₹1,234.50' → '1234.50' (the CSV's form of an amount). */
const plain = (text: string) => text.replace(/[₹,\s]/g, '');

/** The cells of a table's Total row (its footer), as text. */
async function footerCells(table: Locator) {
  return (await table.locator('tfoot td').allTextContents()).map((cell) => cell.trim());
}

/** Downloads one section's CSV from the tax report and answers its rows. */
async function downloadCsv(page: Page, section: string, from: string, to: string, part: string) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download CSV: ${section}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`tax_${part}_${from}_${to}.csv`);
  return parse(readFileSync(await file.path()), { bom: true }) as string[][];
}

async function productId(api: APIRequestContext, name: string) {
  const list = (await (await api.get('/api/products')).json()) as {
    items: { id: string; name: string }[];
  };
  const found = list.items.find((p) => p.name === name);
  expect(found, `product ${name}`).toBeTruthy();
  return found!.id;
}

async function tableWith(api: APIRequestContext, label: string, lines: [string, number][]) {
  const table = await api.post('/api/tables', { data: { label } });
  expect(table.status(), await table.text()).toBe(201);
  const tableId = ((await table.json()) as { id: string }).id;
  let version = 0;
  for (const [id, delta] of lines) {
    const line = await api.post(`/api/tables/${tableId}/lines`, {
      data: { opId: randomUUID(), productId: id, delta },
    });
    expect(line.status(), await line.text()).toBe(200);
    version = ((await line.json()) as { version: number }).version;
  }
  return { tableId, version };
}

test.describe('GST bills', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('tax profile, 5 % and 18 % products, a B2B tax invoice checked by hand, a cancelled bill, the tax report and its CSVs', async ({
    page,
    playwright,
    browser,
  }) => {
    test.setTimeout(120_000);
    const today = isoDate();
    const monthStart = `${today.slice(0, 8)}01`;
    const series = `GT/${compactYear(today)}/`;
    const { manager, managerEmail, managerPassword } = await branchWithManager(playwright, {
      subscriptionType: 'monthly',
      activeDate: isoDate(0),
      deactiveDate: isoDate(30),
    });
    const id = uniqueSuffix();

    // 1. The tax profile, through Settings.
    await loginInBrowser(page, managerEmail, managerPassword);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Branch settings', level: 1 })).toBeVisible();
    await page.getByLabel('Address').fill('4 FC Road, Pune 411004');
    await page.getByLabel('Phone').fill('+91 20 2553 0000');
    await page
      .getByRole('radiogroup', { name: 'GST registration' })
      .getByRole('radio', { name: /^Registered \(regular\)/ })
      .click();
    await page.getByLabel('Legal name (optional)').fill(`Green Tiffin LLP ${id}`);
    await page
      .getByRole('textbox', { name: 'GSTIN', exact: true })
      .fill(SELLER_GSTIN.toLowerCase());
    await expect(page.getByText('State: Maharashtra (27)')).toBeVisible();
    await page.getByLabel('FSSAI licence number').fill(FSSAI);
    await page.getByRole('switch', { name: 'Menu prices include GST' }).setChecked(false);
    await page.getByRole('switch', { name: 'Round the total to the rupee' }).setChecked(true);
    await page.getByLabel('Service charge (%)').fill('10');
    await page.getByLabel('Invoice prefix').fill('gt');
    await expect(page.getByText(`Bills are numbered like ${series}000124`)).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Branch settings saved.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'GSTIN', exact: true })).toHaveValue(
      SELLER_GSTIN,
    );
    await expect(page.getByLabel('Invoice prefix')).toHaveValue('GT');

    // 2. Two products: the thali at 5 % through the product form, the mojito made through the
    // API and set to 18 % (HSN 2202) with the list's "Set GST…".
    const thali = `Veg Thali ${id}`;
    const mojito = `Virgin Mojito ${id}`;
    await page.goto('/add-product');
    await page.getByLabel('Product Name').fill(thali);
    await page.getByLabel('Price').fill('240');
    await page.getByRole('combobox', { name: 'Subcategory' }).fill(`Meals ${id}`);
    await choose(page, 'GST rate', /^5 %$/);
    await expect(page.getByLabel('HSN/SAC code')).toHaveValue('996331');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(toast(page, MESSAGES.product.added)).toBeVisible();
    await expect(page).toHaveURL(/\/products$/);
    const made = await manager.post('/api/products', {
      data: { name: mojito, pricePaise: 9_950, subcategory: `Drinks ${id}`, ingredients: [] },
    });
    expect(made.status(), await made.text()).toBe(201);
    await page.reload();
    await page.getByRole('checkbox', { name: `Select ${mojito}` }).check();
    await page.getByRole('button', { name: 'Set GST…' }).click();
    const setGst = page.getByRole('dialog', { name: 'Set GST of 1 product' });
    await choose(page, 'GST rate', /^18 %$/);
    await setGst.getByLabel('HSN/SAC code').fill('2202');
    await setGst.getByRole('button', { name: 'Set GST' }).click();
    await expect(toast(page, 'GST set on 1 product.')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: mojito })).toContainText('18 %');
    await expect(page.getByRole('row').filter({ hasText: thali })).toContainText('5 %');

    // 3. A table with 2 thalis and 3 mojitos, paid in the Pay dialog as a B2B bill.
    const thaliId = await productId(manager, thali);
    const mojitoId = await productId(manager, mojito);
    const label = `G-${id}`;
    await tableWith(manager, label, [
      [thaliId, 2],
      [mojitoId, 3],
    ]);
    await page.goto('/usersidebar/billing');
    await page.getByRole('button', { name: new RegExp(`^Pay .* for ${label}$`) }).click();
    const pay = page.getByRole('dialog', { name: 'Pay' });
    await expect(pay.getByText(label)).toBeVisible();
    await expect(pay.getByTestId('bill-total')).toHaveText('₹778.50');
    await pay.getByLabel('Discount (%)').fill('10');
    await expect(pay.getByTestId('discount-amount')).toHaveText('−₹77.85');
    await expect(pay.getByTestId('taxable-value')).toHaveText('₹700.65');
    await expect(pay.getByTestId('service-charge')).toHaveText('₹70.07');
    const figures = pay.getByTestId('tax-figures');
    await expect(figures.getByText('CGST 2.5 % ₹12.55 · SGST 2.5 % ₹12.55')).toBeVisible();
    await expect(figures.getByText('CGST 9 % ₹24.18 · SGST 9 % ₹24.18')).toBeVisible();
    await expect(pay.getByTestId('round-off')).toHaveText('−₹0.18');
    await expect(pay.getByRole('switch', { name: 'Remove service charge' })).not.toBeChecked();
    await expect(pay.getByTestId('discounted-total')).toHaveText('₹844.00');

    await pay.getByRole('switch', { name: 'B2B (buyer with GSTIN)' }).check();
    await pay.getByLabel('Buyer name').fill(BUYER.name);
    await pay.getByLabel('Buyer GSTIN').fill(BUYER.gstin);
    await expect(pay.getByText('Karnataka (state code 29)')).toBeVisible();
    await pay.getByLabel('Buyer address').fill(BUYER.address);
    await pay
      .getByRole('radiogroup', { name: 'Payment method' })
      .getByText('Card', { exact: true })
      .click();
    await pay
      .getByRole('radiogroup', { name: 'Payment status' })
      .getByText('Settled', { exact: true })
      .click();
    await pay.getByRole('button', { name: 'Save Payment' }).click();
    await expect(toast(page, MESSAGES.payment.settled)).toBeVisible();
    const number = `${series}000001`;
    expect(number.length).toBeLessThanOrEqual(16);
    await expect(pay.getByText(`Bill ${number}`, { exact: true })).toBeVisible();
    await expect(pay.getByText(`${label} · ₹844.00 (10% off) · Settled`)).toBeVisible();

    // The printed tax invoice, every figure against the calculation above.
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      pay.getByRole('button', { name: 'Print bill' }).click(),
    ]);
    const bill = popup.getByRole('article', { name: `Bill No. ${number}` });
    await expect(bill.getByText('TAX INVOICE', { exact: true })).toBeVisible();
    await expect(bill.getByText(`GSTIN: ${SELLER_GSTIN} (Maharashtra, 27)`)).toBeVisible();
    await expect(bill.getByText(`FSSAI Lic. No.: ${FSSAI}`)).toBeVisible();
    await expect(bill.getByText(`Green Tiffin LLP ${id}`)).toBeVisible();
    await expect(bill.getByRole('row', { name: `Bill No. ${number}`, exact: true })).toBeVisible();
    await expect(bill.getByRole('row', { name: `Table ${label}`, exact: true })).toBeVisible();
    const buyer = bill.getByRole('region', { name: 'Bill to' });
    await expect(buyer).toContainText(BUYER.name);
    await expect(buyer).toContainText(`GSTIN: ${BUYER.gstin} (Karnataka, 29)`);
    await expect(buyer).toContainText(BUYER.address);

    // Lines: name, then HSN/SAC, quantity, rate, amount.
    const lines = bill.locator('table.tf-bill-lines tbody tr');
    await expect(lines).toHaveCount(4);
    await expect(lines.nth(0)).toHaveText(thali);
    await expect(lines.nth(1).locator('td')).toHaveText(['996331', '2', '₹240.00', '₹480.00']);
    await expect(lines.nth(2)).toHaveText(mojito);
    await expect(lines.nth(3).locator('td')).toHaveText(['2202', '3', '₹99.50', '₹298.50']);

    // The sums, in order.
    const sums = bill.locator('table.tf-bill-sums tr');
    const sumRows = [
      ['Subtotal', '₹778.50'],
      ['Discount (10 %)', '−₹77.85'],
      ['Taxable value', '₹700.65'],
      ['Service charge (10 %)', '₹70.07'],
      ['CGST', '₹36.73'],
      ['SGST', '₹36.73'],
      ['Round off', '−₹0.18'],
      ['GRAND TOTAL', '₹844.00'],
    ];
    await expect(sums).toHaveCount(sumRows.length);
    for (const [index, cells] of sumRows.entries()) {
      await expect(sums.nth(index).locator('td')).toHaveText(cells);
    }

    // The tax summary per rate (the service charge in the 5 % row), and its total.
    const taxes = bill.locator('table.tf-bill-taxes');
    await expect(taxes.locator('thead th')).toHaveText(['GST', 'Taxable', 'CGST', 'SGST']);
    const taxRows = taxes.locator('tbody tr');
    await expect(taxRows).toHaveCount(3);
    await expect(taxRows.nth(0).locator('td')).toHaveText([
      '5 %',
      '₹502.07',
      '2.5 %₹12.55',
      '2.5 %₹12.55',
    ]);
    await expect(taxRows.nth(1).locator('td')).toHaveText([
      '18 %',
      '₹268.65',
      '9 %₹24.18',
      '9 %₹24.18',
    ]);
    await expect(taxRows.nth(2).locator('td')).toHaveText(['Total tax', '', '₹36.73', '₹36.73']);
    await expect(bill.getByText('Service charge (10 %) incl. in GST 5 % above')).toBeVisible();

    // The payment.
    await expect(bill.getByRole('row', { name: 'Method Card', exact: true })).toBeVisible();
    await expect(bill.getByRole('row', { name: 'Status Settled', exact: true })).toBeVisible();
    await expect(bill.getByRole('row', { name: /^Card, \d{1,2}:\d{2}.* ₹844\.00$/ })).toBeVisible();
    await popup.close();
    await pay.getByRole('button', { name: 'Done' }).click();

    // 4. A second, small bill (through the API), cancelled from the payment report.
    const small = await tableWith(manager, `${label}-2`, [[thaliId, 1]]);
    const paid = await manager.post(`/api/tables/${small.tableId}/payments`, {
      data: {
        idempotencyKey: randomUUID(),
        expectedVersion: small.version,
        status: 'Settled',
        serviceCharge: false,
        payments: [{ method: 'Cash', amountPaise: 25_200 }],
      },
    });
    expect(paid.status(), await paid.text()).toBe(201);
    const second = (await paid.json()) as Bill;
    expect(second.number).toBe(`${series}000002`);
    expect(second.totalPaise).toBe(25_200);

    await page.goto('/report/payments');
    const totals = page.getByRole('region', { name: 'Totals by payment method' });
    const card = (name: string) => totals.getByRole('region', { name, exact: true });
    await expect(card('Grand total')).toContainText('₹1,096.00');
    await expect(card('Cash')).toContainText('₹252.00');
    const row = page.getByRole('row').filter({ hasText: second.number });
    await row.getByRole('button', { name: `Cancel bill ${second.number}` }).click();
    const cancel = page.getByRole('dialog', { name: `Cancel bill ${second.number}` });
    await cancel.getByRole('button', { name: 'Cancel bill' }).click();
    await expect(cancel.getByText('Choose a reason')).toBeVisible();
    await cancel.getByRole('radio', { name: 'Guest left without eating' }).check();
    await cancel.getByRole('button', { name: 'Cancel bill' }).click();
    await expect(toast(page, `Bill ${second.number} cancelled.`)).toBeVisible();
    await expect(cancel).toBeHidden();
    await expect(row).toContainText('Cancelled');
    await expect(row.getByRole('button', { name: `Cancel bill ${second.number}` })).toHaveCount(0);
    await expect(card('Grand total')).toContainText('₹844.00');
    await expect(card('Cash')).toContainText('₹0.00');
    await expect(card('Card')).toContainText('₹844.00');

    // 5. The tax report of this month (the branch's only bills are today's), and its CSVs.
    await page.goto('/report/tax');
    await expect(page.getByRole('heading', { name: 'Tax Report', level: 1 })).toBeVisible();

    // Sales by rate: the B2B bill only (the cancelled one is no sale).
    const rates = page.getByRole('table', { name: 'Sales by rate' });
    await expect(rates.locator('tbody tr')).toHaveCount(2);
    const rateTotals = await footerCells(rates);
    // taxable 502.07 + 268.65 = 770.72; value = taxable + tax (round-off in no rate). No bill of
    // before GST billing, so no Bills column on screen; the CSV counts the bills of each rate
    // (the B2B bill under 5 % and 18 %) and each bill once in its Total.
    expect(rateTotals).toEqual(['Total', '₹770.72', '₹36.73', '₹36.73', '₹73.46', '₹844.18']);
    const ratesCsv = await downloadCsv(page, 'Sales by rate', monthStart, today, 'rates');
    // 5 %, 18 % and the untaxed row (no bill of before GST billing).
    expect(ratesCsv.slice(1, -1).map((row) => row[3])).toEqual(['1', '1', '0']);
    expect(ratesCsv.at(-1)).toEqual(['Total', '', '', '1', ...rateTotals.slice(1).map(plain)]);

    // HSN/SAC summary.
    const hsn = page.getByRole('table', { name: 'HSN/SAC summary' });
    // Per code and rate; the service charge is restaurant service (SAC 996331) at 5 %.
    const hsnRows = hsn.locator('tbody tr');
    await expect(hsnRows).toHaveCount(2);
    await expect(hsnRows.nth(0).locator('td')).toHaveText([
      '2202',
      '18 %',
      '3',
      '₹268.65',
      '₹24.18',
      '₹24.18',
      '₹48.36',
      '₹317.01',
    ]);
    await expect(hsnRows.nth(1).locator('td')).toHaveText([
      '996331',
      '5 %',
      '2',
      '₹502.07',
      '₹12.55',
      '₹12.55',
      '₹25.10',
      '₹527.17',
    ]);
    const hsnTotals = await footerCells(hsn);
    expect(hsnTotals.slice(3)).toEqual(rateTotals.slice(1));
    const hsnCsv = await downloadCsv(page, 'HSN/SAC summary', monthStart, today, 'hsn');
    expect(hsnCsv.at(-1)).toEqual([
      'Total',
      '',
      '',
      plain(hsnTotals[2]!),
      ...hsnTotals.slice(3).map(plain),
    ]);

    // B2B invoices: the one bill to Acme.
    const b2b = page.getByRole('table', { name: 'B2B invoices' });
    await expect(b2b.locator('tbody tr')).toHaveCount(1);
    await expect(b2b.locator('tbody tr td')).toHaveText([
      BUYER.gstin,
      BUYER.name,
      number,
      formatDisplayDate(today),
      '5 %, 18 %',
      '₹770.72',
      '₹73.46',
      '₹844.00',
    ]);
    const b2bTotals = await footerCells(b2b);
    expect(b2bTotals).toEqual(['Total (1)', '', '', '', '', '₹770.72', '₹73.46', '₹844.00']);
    const b2bCsv = await downloadCsv(page, 'B2B invoices', monthStart, today, 'b2b');
    const b2bTotal = b2bCsv.at(-1)!;
    expect(b2bTotal[0]).toBe('Total (1 invoices)');
    expect(b2bTotal[4]).toBe(plain(b2bTotals[7]!));
    expect(b2bTotal[7]).toBe(plain(b2bTotals[5]!));
    expect((Number(b2bTotal[8]) + Number(b2bTotal[9])).toFixed(2)).toBe(plain(b2bTotals[6]!));

    // B2C: nothing (the only bill standing is B2B); its CSV's total is nought.
    const b2c = page.getByRole('region', { name: 'B2C per rate', exact: true });
    await expect(b2c.getByText('Nothing in this range.')).toBeVisible();
    const b2cCsv = await downloadCsv(page, 'B2C per rate', monthStart, today, 'b2c');
    expect(b2cCsv.at(-1)).toEqual(['Total', '', '', '0.00', '0.00', '0.00', '0.00', '0.00']);

    // Documents issued: 2 issued, 1 cancelled in the series.
    const documents = page.getByRole('table', { name: 'Documents issued' });
    await expect(documents.locator('tbody tr td')).toHaveText([
      series,
      number,
      second.number,
      '2',
      '1',
      '1',
    ]);
    const documentTotals = await footerCells(documents);
    expect(documentTotals).toEqual(['Total', '', '', '2', '1', '1']);
    const documentsCsv = await downloadCsv(
      page,
      'Documents issued',
      monthStart,
      today,
      'documents',
    );
    expect(documentsCsv.slice(1)).toEqual([
      ['Invoices for outward supply', series, number, second.number, '2', '1', '1'],
      ['Total', '', '', '', ...documentTotals.slice(3)],
    ]);

    // At 360 px the report is not wider than the screen (its tables scroll inside themselves).
    const phone = await signedInAt(browser, 360, {
      email: managerEmail,
      password: managerPassword,
    });
    try {
      await phone.page.goto('/report/tax');
      await expect(phone.page.getByRole('table', { name: 'Documents issued' })).toBeAttached();
      const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
    } finally {
      await phone.context.close();
    }
  });
});
