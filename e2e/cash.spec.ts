import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { formatInr } from '../shared/money';
import type { PaymentsReport } from '../shared/schemas/payments-report.schemas';
import { E2E_BASE_URL } from './support/env';
import {
  branchWithManager,
  contextCountingPrints,
  isoDate,
  loginInBrowser,
  ok,
  printsIn,
  toast,
} from './support/helpers';

/**
 * The cash drawer and day close (issue 23, docs/cash.md): the manager opens a shift with a
 * counted float, takes a cash bill and a UPI bill on tables, records a petty expense, closes the
 * shift with a count ₹50 short and sees the difference, closes the day on Day Close, and the Z
 * report's print window shows the figures the payment report has for the day. On a branch of its
 * own: closing a day refuses every payment of it, which would break the other journeys on the
 * demo branch running meanwhile.
 */

/** Two tables, each with one dish ordered. */
async function twoTablesWithOrders(manager: APIRequestContext) {
  const tables: { id: string; label: string }[] = [];
  for (const [name, pricePaise, label] of [
    ['Thali', 53_000, 'T1'],
    ['Dosa', 25_000, 'T2'],
  ] as const) {
    const product = await ok<{ id: string }>(
      manager.post('/api/products', { data: { name, subcategory: 'Mains', pricePaise } }),
      201,
    );
    const table = await ok<{ id: string; label: string }>(
      manager.post('/api/tables', { data: { label } }),
      201,
    );
    await ok(
      manager.post(`/api/tables/${table.id}/lines`, {
        data: { opId: crypto.randomUUID(), productId: product.id, delta: 1 },
      }),
    );
    tables.push(table);
  }
  return tables;
}

/** Pays a table in full by `method` in the payment modal; answers the amount paid. */
async function payTable(page: Page, label: string, method: 'Cash' | 'UPI') {
  await page.goto('/usersidebar/billing');
  await page.getByRole('button', { name: new RegExp(`^Pay ₹[\\d,.]+ for ${label}$`) }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay' });
  const total = (await dialog.getByTestId('discounted-total').textContent())!;
  await dialog
    .getByRole('radiogroup', { name: 'Payment method' })
    .getByText(method, { exact: true })
    .click();
  await dialog
    .getByRole('radiogroup', { name: 'Payment status' })
    .getByText('Settled', { exact: true })
    .click();
  await dialog.getByRole('button', { name: 'Save Payment' }).click();
  await expect(dialog.getByText(/^Bill \S+$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  return total;
}

/** '₹1,234.50' → 123450. */
const paiseOf = (text: string) => Math.round(Number(text.replace(/[₹,\s]/g, '')) * 100);

/** Types a count: how many notes of each value, and the coins in rupees. */
async function count(form: Locator, notes: Record<number, number>, coins: string) {
  for (const [value, many] of Object.entries(notes)) {
    await form.getByRole('textbox', { name: `₹${value} notes`, exact: true }).fill(String(many));
  }
  await form.getByRole('textbox', { name: 'Coins and ₹5 notes' }).fill(coins);
}

test('the manager opens a shift, takes cash and UPI, pays out petty cash, closes the shift short and the day; the Z report agrees with the payment report', async ({
  browser,
  playwright,
}) => {
  test.slow();
  const { manager, managerEmail, managerPassword } = await branchWithManager(playwright, {
    subscriptionType: 'monthly',
    activeDate: isoDate(0),
    deactiveDate: isoDate(30),
  });
  const [cashTable, upiTable] = await twoTablesWithOrders(manager);
  // The print dialog, as the browser would open it: counted, then closed.
  const context = await contextCountingPrints(browser);
  const page = await context.newPage();
  try {
    await loginInBrowser(page, managerEmail, managerPassword);
    await expect(page).not.toHaveURL(/\/login$/);

    // The drawer: the branch's first counter, no shift yet. A float of ₹2,500.00, counted.
    await page.getByRole('link', { name: 'Cash Drawer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cash Drawer' })).toBeVisible();
    const counter = page.getByRole('region', { name: 'Counter 1' });
    await expect(counter.getByText('No shift open')).toBeVisible();
    await counter.getByRole('button', { name: 'Open shift at Counter 1' }).click();
    const opening = page.getByRole('dialog', { name: 'Open shift at Counter 1' });
    await count(opening, { 500: 4, 100: 5 }, '');
    await expect(opening.getByTestId('count-total')).toHaveText('₹2,500.00');
    await opening.getByRole('button', { name: 'Open shift' }).click();
    await expect(toast(page, 'Shift opened at Counter 1 with a float of ₹2,500.00')).toBeVisible();
    await expect(opening).toBeHidden();
    await expect(counter.getByTestId('this-device')).toBeVisible();
    const shiftId = await page.evaluate(() => localStorage.getItem('tf.cash.shift'));
    expect(shiftId).toMatch(/^[0-9a-f-]{36}$/);

    // A cash bill and a UPI bill.
    const cashPaid = paiseOf(await payTable(page, cashTable!.label, 'Cash'));
    const upiPaid = paiseOf(await payTable(page, upiTable!.label, 'UPI'));

    // A petty expense of ₹150.00 out of the drawer.
    await page.goto('/cash');
    await counter.getByRole('button', { name: 'Cash out' }).click();
    const out = page.getByRole('dialog', { name: 'Cash out at Counter 1' });
    await expect(out.getByRole('combobox', { name: 'Reason' })).toHaveValue('Petty expense');
    await out.getByRole('textbox', { name: 'Amount (₹)' }).fill('150');
    await out.getByRole('textbox', { name: 'Note (optional)' }).fill('Milk and sugar');
    await out.getByRole('button', { name: 'Record' }).click();
    await expect(toast(page, 'Cash out of ₹150.00 recorded')).toBeVisible();
    await expect(counter.getByRole('list', { name: 'Cash in and out' })).toContainText(
      'Cash out: Petty expense',
    );

    // The manager sees what the drawer should hold: float + the cash bill − the expense.
    const expected = 250_000 + cashPaid - 15_000;
    await expect(counter.getByTestId('shift-expected')).toHaveText(formatInr(expected));

    // Closing count: the float's notes and coins making it ₹50.00 short.
    await counter.getByRole('button', { name: 'Close the shift at Counter 1' }).click();
    const closing = page.getByRole('dialog', { name: 'Close the shift at Counter 1' });
    const coins = expected - 250_000 - 5_000;
    await count(closing, { 500: 4, 100: 5 }, (coins / 100).toFixed(2));
    await expect(closing.getByTestId('count-total')).toHaveText(formatInr(expected - 5_000));
    await closing.getByRole('textbox', { name: 'Note', exact: true }).fill('Change given twice');
    await closing.getByRole('button', { name: 'Close shift' }).click();
    await expect(toast(page, 'Shift at Counter 1 closed')).toBeVisible();
    const result = closing.getByTestId('close-result');
    await expect(result.getByTestId('shift-expected')).toHaveText(formatInr(expected));
    await expect(result.getByTestId('shift-counted')).toHaveText(formatInr(expected - 5_000));
    await expect(result.getByTestId('shift-difference')).toHaveText('Short ₹50.00');
    await expect(result.getByTestId('shift-difference')).toHaveAttribute('data-tone', 'short');
    await expect(result).toContainText('Change given twice');
    await closing.getByRole('button', { name: 'Done' }).click();
    await expect(counter.getByText('No shift open')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('tf.cash.shift'))).toBeNull();
    const closed = page.getByTestId('closed-shift');
    await expect(closed.getByTestId('shift-difference')).toHaveText('Short ₹50.00');
    await expect(closed).toContainText('Change given twice');

    // Day Close: the X report of today, then the close; the Z report is mailed (or queued).
    await page.getByRole('link', { name: 'Day Close' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Day Close' })).toBeVisible();
    await expect(page.getByTestId('day-state')).toHaveText('Open');
    await expect(page.getByRole('heading', { name: 'X report' })).toBeVisible();
    await page.getByRole('button', { name: 'Close day' }).click();
    const confirm = page.getByRole('dialog', { name: /^Close \d+ \w+ \d{4}\?$/ });
    await confirm.getByRole('button', { name: 'Close day' }).click();
    await expect(toast(page, /closed\. Z report (mailed|queued)/)).toBeVisible();
    await expect(page.getByTestId('day-state')).toHaveText('Closed');
    await expect(page.getByRole('heading', { name: 'Z report' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reopen day' })).toBeVisible();
    const drawers = page.getByRole('region', { name: 'Cash drawer shifts' });
    await expect(drawers).toContainText('₹50.00 SHORT');

    // The Z report's print window, printed once, and the payment report of the day.
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Print', exact: true }).click(),
    ]);
    const z = popup.getByRole('article', { name: 'Z REPORT' });
    await expect(z.getByTestId('report-title')).toHaveText('Z REPORT');
    await expect.poll(() => printsIn(popup)).toBe(1);
    const payments = await ok<PaymentsReport>(
      manager.get(`/api/reports/payments?from=${isoDate(0)}&to=${isoDate(0)}&page=1&pageSize=25`),
    );
    const byMethod = (method: string) =>
      payments.totals.byMethod.find((total) => total.method === method)!.amountPaise;
    expect(byMethod('Cash')).toBe(cashPaid);
    expect(byMethod('UPI')).toBe(upiPaid);
    const received = z.getByRole('region', { name: 'Payments received' });
    await expect(
      received.getByRole('row', { name: `Cash (1) ${formatInr(cashPaid)}` }),
    ).toBeVisible();
    await expect(
      received.getByRole('row', { name: `UPI (1) ${formatInr(upiPaid)}` }),
    ).toBeVisible();
    await expect(
      received.getByRole('row', { name: `Total received ${formatInr(cashPaid + upiPaid)}` }),
    ).toBeVisible();
    const sales = z.getByRole('region', { name: 'Sales' });
    await expect(
      sales.getByRole('row', { name: `Total ${formatInr(payments.totals.grandTotalPaise)}` }),
    ).toBeVisible();
    await expect(
      sales.getByRole('row', { name: `Tax ${formatInr(payments.totals.taxPaise)}` }),
    ).toBeVisible();
    await expect(
      z.getByRole('region', { name: 'Bills and orders' }).getByRole('row', {
        name: `Bills issued ${payments.totals.bills}`,
      }),
    ).toBeVisible();
    await popup.close();

    // The closed day: the drawer says so and offers nothing.
    await page.goto('/cash');
    await expect(
      page.getByText(/is closed: shifts and cash of that day cannot change/),
    ).toBeVisible();
    await expect(counter.getByRole('button', { name: 'Open shift at Counter 1' })).toBeDisabled();
  } finally {
    await context.close();
  }
});

/** Serious and critical axe findings on the page as it is now, one line each. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('staff count blind on a phone; a count far over asks for a manager’s PIN, then closes; the manager closes the day and reopens it with a reason', async ({
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
    manager.put('/api/voids/pin', { data: { currentPassword: managerPassword, pin: '2468' } }),
  );
  const staffEmail = `cashier${Date.now().toString(36)}@example.com`;
  await ok(
    manager.post('/api/staff', {
      data: {
        name: 'Kiran',
        email: staffEmail,
        password: 'Temp-pass-123',
        activeDate: isoDate(0),
        deactiveDate: isoDate(30),
      },
    }),
    201,
  );
  const staffApi = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  await ok(
    staffApi.post('/api/auth/login', { data: { email: staffEmail, password: 'Temp-pass-123' } }),
  );
  await ok(
    staffApi.post('/api/auth/change-password', {
      data: { currentPassword: 'Temp-pass-123', newPassword: 'Kiran-pass-123' },
    }),
  );
  await staffApi.dispose();

  const phone = await browser.newContext({
    viewport: { width: 360, height: 800 },
    baseURL: E2E_BASE_URL,
  });
  const page = await phone.newPage();
  try {
    await loginInBrowser(page, staffEmail, 'Kiran-pass-123');
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/cash');
    const counter = page.getByRole('region', { name: 'Counter 1' });
    await counter.getByRole('button', { name: 'Open shift at Counter 1' }).click();
    const opening = page.getByRole('dialog', { name: 'Open shift at Counter 1' });
    await count(opening, { 500: 2 }, '');
    await opening.getByRole('button', { name: 'Open shift' }).click();
    await expect(toast(page, 'Shift opened at Counter 1 with a float of ₹1,000.00')).toBeVisible();
    // Checked once no dialog is left: a closing dialog loses its title (and so its name) before
    // it leaves the page, so waiting for the named one to hide is not enough.
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Staff count blind: no expected cash while the shift is open.
    await expect(counter.getByTestId('shift-expected')).toHaveText('Counted at close');
    const onDrawer = await seriousViolations(page);
    expect(onDrawer, onDrawer.join('\n')).toEqual([]);

    // ₹500.00 over, above the ₹100.00 limit: a manager approves with their PIN.
    await counter.getByRole('button', { name: 'Close the shift at Counter 1' }).click();
    const closing = page.getByRole('dialog', { name: 'Close the shift at Counter 1' });
    await count(closing, { 500: 2, 100: 5 }, '');
    await closing.getByRole('button', { name: 'Close shift' }).click();
    // Blind: the refusal names no figure (the staff member cannot count to it).
    const refusal = closing.getByRole('alert').filter({ hasText: 'a manager must approve' });
    await expect(refusal).toBeVisible();
    await expect(refusal).not.toContainText('₹');
    await expect(closing.getByRole('combobox', { name: 'Manager' })).toHaveValue(/.+/);
    await closing.getByLabel('Manager’s PIN').fill('1111');
    await closing.getByRole('button', { name: 'Approve and close' }).click();
    await expect(closing.getByText(/wrong/i)).toBeVisible();
    await expect(closing).toHaveCSS('opacity', '1');
    const inDialog = await seriousViolations(page);
    expect(inDialog, inDialog.join('\n')).toEqual([]);
    await closing.getByLabel('Manager’s PIN').fill('2468');
    await closing.getByRole('button', { name: 'Approve and close' }).click();
    const result = closing.getByTestId('close-result');
    await expect(result.getByTestId('shift-difference')).toHaveText('Over ₹500.00');
    await expect(result.getByTestId('shift-expected')).toHaveText('₹1,000.00');
    await expect(result).toContainText('Approved by Anil Rao');
    await closing.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('closed-shift')).toContainText('Over ₹500.00');
  } finally {
    await phone.close();
  }

  // The manager on a tablet: closes the day, then reopens it with a reason.
  const tablet = await browser.newContext({
    viewport: { width: 768, height: 1000 },
    baseURL: E2E_BASE_URL,
  });
  const desk = await tablet.newPage();
  try {
    await loginInBrowser(desk, managerEmail, managerPassword);
    await expect(desk).not.toHaveURL(/\/login$/);
    await desk.goto('/day-close');
    await expect(desk.getByTestId('day-state')).toHaveText('Open');
    const onDay = await seriousViolations(desk);
    expect(onDay, onDay.join('\n')).toEqual([]);
    await desk.getByRole('button', { name: 'Close day' }).click();
    await desk
      .getByRole('dialog', { name: /^Close / })
      .getByRole('button', { name: 'Close day' })
      .click();
    await expect(desk.getByTestId('day-state')).toHaveText('Closed');
    await desk.getByRole('button', { name: 'Reopen day' }).click();
    const reopen = desk.getByRole('dialog', { name: /^Reopen / });
    await reopen.getByRole('button', { name: 'Reopen day' }).click();
    await expect(reopen.getByText('Reason is required')).toBeVisible();
    await reopen.getByRole('textbox', { name: 'Reason' }).fill('A UPI payment was missed');
    await reopen.getByRole('button', { name: 'Reopen day' }).click();
    await expect(toast(desk, /reopened$/)).toBeVisible();
    await expect(desk.getByTestId('day-state')).toHaveText('Open');
    const history = desk.getByRole('region', { name: 'Closes and reopenings' });
    await expect(history).toContainText('Reopened');
    await expect(history).toContainText('A UPI payment was missed');
    await expect(history).toContainText('Closed');
  } finally {
    await tablet.close();
  }
});
