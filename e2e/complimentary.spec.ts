import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import type { TableOrder } from '../shared/schemas/tables.schemas';
import { apiAs, branchWithManager, isoDate, ok, signedInAt, toast } from './support/helpers';

/**
 * Complimentary items (issue 30 #7, docs/complimentary.md): the manager sets the branch's limit in
 * Settings; a waiter on a phone gives a chai as a staff meal (under the limit: no PIN), then the
 * whole order (above it: the manager types their PIN), and charges the tikka again; the bill
 * after payment prints the chai and the naan as complimentary with their menu value; the
 * complimentary report shows them by reason, person and approver. On a branch of its own.
 */

/** No serious or critical accessibility problem on the page as it is. */
async function expectAxeClean(page: Page, state: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${state}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, serious.join('\n')).toEqual([]);
}

test('staff give a staff meal under the limit, the whole order with a manager’s PIN; the bill and the report show them', async ({
  browser,
  playwright,
}) => {
  test.slow();
  const { manager, managerEmail, managerPassword } = await branchWithManager(playwright, {
    subscriptionType: 'monthly',
    activeDate: isoDate(0),
    deactiveDate: isoDate(30),
  });
  await ok(
    manager.put('/api/voids/pin', { data: { pin: '2580', currentPassword: managerPassword } }),
  );
  for (const [name, pricePaise] of [
    ['Masala Chai', 3000],
    ['Paneer Tikka', 24_000],
    ['Butter Naan', 6000],
  ] as const) {
    await ok(
      manager.post('/api/products', { data: { name, subcategory: 'Menu', pricePaise } }),
      201,
    );
  }
  const table = await ok<{ id: string }>(
    manager.post('/api/tables', { data: { label: 'T1' } }),
    201,
  );
  const staffEmail = `waiter${Date.now()}@example.com`;
  await ok(
    manager.post('/api/staff', {
      data: {
        name: 'Ravi Kumar',
        email: staffEmail,
        role: 'staff',
        password: 'Temp-pass-123',
        activeDate: isoDate(0),
        deactiveDate: isoDate(30),
      },
    }),
    201,
  );
  const waiterApi = await apiAs(playwright, staffEmail, 'Temp-pass-123');
  await ok(
    waiterApi.post('/api/auth/change-password', {
      data: { currentPassword: 'Temp-pass-123', newPassword: 'Own-pass-1234' },
    }),
  );
  await waiterApi.dispose();

  // Settings: the manager sets the approval limit to ₹200 (typed in rupees).
  const desk = await signedInAt(browser, 1280, { email: managerEmail, password: managerPassword });
  await desk.page.goto('/settings');
  const card = desk.page.getByRole('region', { name: 'Complimentary items' });
  await expect(card.getByLabel('Reasons')).toHaveValue(/Staff meal\nOn the house/);
  await card.getByLabel('Approval limit (₹)').fill('2OO');
  await card.getByRole('button', { name: 'Save complimentary settings' }).click();
  await expect(card.getByText('Enter an amount in rupees, e.g. 500')).toBeVisible();
  await card.getByLabel('Approval limit (₹)').fill('200');
  await card.getByRole('button', { name: 'Save complimentary settings' }).click();
  await expect(toast(desk.page, 'Complimentary settings saved.')).toBeVisible();

  // The waiter's phone: 2 chai, 2 tikka, 1 naan = ₹600.
  const phone = await signedInAt(browser, 360, { email: staffEmail, password: 'Own-pass-1234' });
  const { page } = phone;
  await page.goto(`/table/${table.id}`);
  for (const name of [
    'Masala Chai',
    'Masala Chai',
    'Paneer Tikka',
    'Paneer Tikka',
    'Butter Naan',
  ]) {
    await page.getByRole('button', { name: `Add ${name}`, exact: true }).click();
  }
  await page.getByRole('button', { name: /^View order/ }).click();
  const sheet = page.getByRole('dialog', { name: /^T1/ });
  await expect(sheet.getByTestId('order-total')).toHaveText('₹600.00');

  // One chai as a staff meal: ₹30 is under the limit, no PIN asked.
  await sheet.getByRole('button', { name: 'Complimentary Masala Chai…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complimentary: Masala Chai' });
  await expect(dialog.getByTestId('nc-quantity')).toHaveText('2');
  await dialog.getByRole('button', { name: 'One fewer' }).click();
  await expect(dialog.getByText('Menu value ₹30.00')).toBeVisible();
  await dialog.getByRole('button', { name: 'Mark complimentary' }).click();
  await expect(dialog.getByText('Choose a reason')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Staff meal' }).check();
  await expect(dialog.getByLabel('Manager’s PIN')).toHaveCount(0);
  await expectAxeClean(page, 'line dialog');
  await dialog.getByRole('button', { name: 'Mark complimentary' }).click();
  await expect(toast(page, '1 × Masala Chai complimentary.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const chai = sheet.getByRole('listitem', { name: 'Masala Chai' });
  await expect(chai.getByTestId('line-nc')).toHaveText('NC ×1 · Staff meal');
  await expect(chai).toContainText('₹30.00');
  await expect(sheet.getByTestId('order-total')).toHaveText('₹570.00');

  // The whole order: ₹600 is above ₹200, so the manager approves with their PIN.
  await sheet.getByRole('button', { name: 'Whole order complimentary…' }).click();
  const whole = page.getByRole('dialog', { name: 'Whole order complimentary' });
  await expect(
    whole.getByText('Every item of the order (5 items), menu value ₹600.00.'),
  ).toBeVisible();
  await whole.getByRole('radio', { name: 'On the house' }).check();
  await expect(whole.getByText('Above ₹200.00 of complimentary items')).toBeVisible();
  await expect(whole.getByLabel('Approved by')).toHaveValue(/.+/);
  await expectAxeClean(page, 'whole order dialog');
  await whole.getByRole('button', { name: 'Mark complimentary' }).click();
  await expect(whole.getByText('The manager types their PIN')).toBeVisible();
  await whole.getByLabel('Manager’s PIN').fill('1111');
  await whole.getByRole('button', { name: 'Mark complimentary' }).click();
  await expect(whole.getByText(/Wrong PIN/)).toBeVisible();
  await whole.getByLabel('Manager’s PIN').fill('2580');
  await whole.getByRole('button', { name: 'Mark complimentary' }).click();
  await expect(toast(page, 'The whole order is complimentary.')).toBeVisible();
  await expect(sheet.getByTestId('order-total')).toHaveText('₹0.00');
  await expect(chai.getByTestId('line-nc')).toHaveText('NC ×2 · On the house');

  // The tikka's NC badge opens its dialog: charged again.
  await sheet.getByRole('listitem', { name: 'Paneer Tikka' }).getByTestId('line-nc').click();
  const tikka = page.getByRole('dialog', { name: 'Complimentary: Paneer Tikka' });
  await tikka.getByRole('button', { name: 'Charge again' }).click();
  await expect(toast(page, 'Paneer Tikka is charged again.')).toBeVisible();
  await expect(sheet.getByTestId('order-total')).toHaveText('₹480.00');
  await expect(
    sheet.getByRole('listitem', { name: 'Paneer Tikka' }).getByTestId('line-nc'),
  ).toHaveCount(0);
  await phone.context.close();

  // Paid on the manager's desk; the bill prints the chai and the naan at ₹0.00 with their value.
  const order = await ok<TableOrder>(manager.get(`/api/tables/${table.id}/order`));
  expect(order.totalPaise).toBe(48_000);
  const bill = await ok<{ id: string }>(
    manager.post(`/api/tables/${table.id}/payments`, {
      data: {
        idempotencyKey: randomUUID(),
        expectedVersion: order.version,
        status: 'Settled',
        payments: [{ method: 'UPI', amountPaise: 48_000 }],
      },
    }),
    201,
  );
  await desk.page.goto(`/bills/${bill.id}/print`);
  const printed = desk.page.getByRole('article');
  // 2 × chai and 1 × naan: ₹60.00 each at the menu's prices.
  await expect(printed.getByText('Complimentary (On the house), menu ₹60.00')).toHaveCount(2);
  await expect(printed.getByRole('row', { name: /GRAND TOTAL ₹480\.00/ })).toBeVisible();

  // The report: ₹120 of items by reason, who gave them and who approved them.
  await desk.page.goto('/report/complimentary');
  await expect(
    desk.page.getByRole('heading', { level: 1, name: 'Complimentary Report' }),
  ).toBeVisible();
  await expect(desk.page.getByRole('region', { name: 'Menu value', exact: true })).toContainText(
    '₹120.00',
  );
  await expect(desk.page.getByRole('region', { name: 'Items given', exact: true })).toContainText(
    '3',
  );
  await expect(desk.page.getByRole('region', { name: 'By reason' })).toContainText('On the house');
  await expect(desk.page.getByRole('region', { name: 'By who gave' })).toContainText('Ravi Kumar');
  await expect(desk.page.getByRole('region', { name: 'By who approved' })).toContainText(
    'Anil Rao',
  );
  await expectAxeClean(desk.page, 'report');
  await desk.context.close();
});
