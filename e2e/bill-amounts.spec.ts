import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { LABELS } from '../shared/messages';
import type { Bill } from '../shared/schemas/billing.schemas';
import type { TableList, TableOrder } from '../shared/schemas/tables.schemas';
import { branchWithManager, isoDate, loginInBrowser, uniqueSuffix } from './support/helpers';

/**
 * The amount a person reads before paying is what the bill says (docs/gst.md, "The bill before
 * and after payment"), in both price modes: a regular dealer with a 5 % service charge, a 5 %
 * naan and an 18 % mocktail. The card's Pay button, the order screen's total and Pay button all
 * say the bill's grand total, and a payment of exactly that amount settles the table.
 */
const formatInr = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;

for (const pricesIncludeTax of [false, true]) {
  test(`the card and the order screen show the bill's grand total (prices include GST: ${pricesIncludeTax})`, async ({
    page,
    playwright,
  }) => {
    const { manager, managerEmail, managerPassword } = await branchWithManager(playwright, {
      subscriptionType: 'monthly',
      activeDate: isoDate(0),
      deactiveDate: isoDate(30),
    });
    const saved = await manager.put('/api/branch/settings', {
      data: {
        name: `Amounts Cafe ${uniqueSuffix()}`,
        address: '4 FC Road, Pune 411004',
        phone: '+91 20 2553 0000',
        gstin: '27AAPFU0939F1ZV',
        timeZone: 'Asia/Kolkata',
        legalName: 'Amounts Foods Private Limited',
        fssai: '11521999000123',
        regime: 'regular',
        pricesIncludeTax,
        roundOff: true,
        serviceChargePercent: 5,
        invoicePrefix: pricesIncludeTax ? 'AI' : 'AE',
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const product = async (name: string, pricePaise: number, gstRateBps: number) => {
      const answer = await manager.post('/api/products', {
        data: { name, pricePaise, subcategory: 'Mains', gstRateBps, ingredients: [] },
      });
      expect(answer.status(), await answer.text()).toBe(201);
      return ((await answer.json()) as { id: string }).id;
    };
    const naan = await product('Butter Naan', 3_000, 500);
    const mocktail = await product('Virgin Mojito', 15_050, 1800);
    const label = `A${uniqueSuffix()}`.slice(0, 12);
    const table = (await (await manager.post('/api/tables', { data: { label } })).json()) as {
      id: string;
    };
    let order: TableOrder | undefined;
    for (const [productId, delta] of [
      [naan, 3],
      [mocktail, 1],
    ] as const) {
      const tapped = await manager.post(`/api/tables/${table.id}/lines`, {
        data: { opId: randomUUID(), productId, delta },
      });
      expect(tapped.status(), await tapped.text()).toBe(200);
      order = (await tapped.json()) as TableOrder;
    }
    const list = (await (await manager.get('/api/tables')).json()) as TableList;
    const billTotal = list.items.find((item) => item.id === table.id)!.billTotalPaise;
    // Not the pre-tax sum: the service charge (and, exclusive, GST) are in it.
    expect(billTotal).not.toBe(order!.totalPaise);
    const amount = formatInr(billTotal);

    await loginInBrowser(page, managerEmail, managerPassword);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/usersidebar/billing');
    const card = page.getByRole('listitem', { name: label, exact: true });
    await expect(card.getByRole('button', { name: /^Pay ₹/ })).toHaveText(`Pay ${amount}`);
    await card.getByRole('link', { name: label }).click();
    const panel = page.getByRole('region', { name: LABELS.table.orders });
    await expect(panel.getByTestId('order-total')).toHaveText(amount);
    await expect(panel).toContainText('Total incl. GST');
    await expect(panel.getByRole('button', { name: `Pay ${amount}` })).toBeVisible();

    // That amount is what the bill comes to.
    const paid = await manager.post(`/api/tables/${table.id}/payments`, {
      data: {
        idempotencyKey: randomUUID(),
        expectedVersion: order!.version,
        status: 'Settled',
        payments: [{ method: 'Cash', amountPaise: billTotal }],
      },
    });
    expect(paid.status(), await paid.text()).toBe(201);
    expect(((await paid.json()) as Bill).totalPaise).toBe(billTotal);
  });
}
