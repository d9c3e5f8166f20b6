import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { MESSAGES } from '../shared/messages';
import {
  DEMO,
  apiAs,
  branchWithManager,
  isoDate,
  loginInBrowser,
  toast,
  uniqueSuffix,
  watchConsole,
} from './support/helpers';

/** Made through the API as the order screen would: a table, and its lines when given. */
async function addTable(api: APIRequestContext, label: string, lines: [string, number][] = []) {
  const created = await api.post('/api/tables', { data: { label } });
  expect(created.status(), await created.text()).toBe(201);
  const tableId = ((await created.json()) as { id: string }).id;
  for (const [productId, delta] of lines) {
    const line = await api.post(`/api/tables/${tableId}/lines`, {
      data: { opId: randomUUID(), productId, delta },
    });
    expect(line.status(), await line.text()).toBe(200);
  }
  return tableId;
}

test('the overview’s figures change after a bill is paid on another device, without reload', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(60_000);
  // A branch of its own: no other test's bills or tables count in its figures.
  const branch = await branchWithManager(playwright, {
    subscriptionType: 'yearly',
    activeDate: isoDate(0),
    deactiveDate: isoDate(300),
  });
  const api = branch.manager;
  const product = await api.post('/api/products', {
    data: {
      name: `Paneer Tikka ${branch.id}`,
      pricePaise: 12000,
      subcategory: 'Mains',
      ingredients: [],
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  const paneer = ((await product.json()) as { id: string }).id;
  const waiting = await addTable(api, 'T2', [[paneer, 1]]);
  const billed = await addTable(api, 'T1');

  const overviewContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const counterContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const overview = await overviewContext.newPage();
  const counter = await counterContext.newPage();
  const problems = [overview, counter].map((page) => watchConsole(page));

  // The manager opens the overview from the sidebar: login still lands on billing.
  await loginInBrowser(overview, branch.managerEmail, branch.managerPassword);
  await expect(overview).toHaveURL(/\/usersidebar\/billing$/);
  const nav = overview.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link').first()).toHaveText('Overview');
  await nav.getByRole('link', { name: 'Overview' }).click();
  await expect(overview).toHaveURL(/\/user-dashboard$/);
  await expect(
    overview.getByRole('heading', { level: 1, name: `Test Cafe ${branch.id}` }),
  ).toBeVisible();

  const sales = overview.getByRole('region', { name: 'Today’s sales' });
  const bills = overview.getByRole('region', { name: 'Bills today' });
  const open = overview.getByRole('region', { name: 'Open tables' });
  await expect(sales).toContainText('₹0.00');
  await expect(bills).toContainText('0 bills by this time last');
  await expect(open.getByRole('listitem')).toHaveCount(1);
  await expect(open.getByRole('link', { name: 'T2' })).toHaveAttribute('href', `/table/${waiting}`);
  await expect(open).toContainText('₹120.00');

  // On another device: open T1, add two, pay them in cash.
  await loginInBrowser(counter, branch.managerEmail, branch.managerPassword);
  await expect(counter).toHaveURL(/\/usersidebar\/billing$/);
  await counter.getByRole('listitem', { name: 'T1', exact: true }).getByRole('link').click();
  await expect(counter).toHaveURL(new RegExp(`/table/${billed}$`));
  const add = counter.getByRole('button', { name: `Add Paneer Tikka ${branch.id}` });
  await add.click();
  await add.click();

  // The overview shows T1 open with its running amount.
  const t1 = open.getByRole('listitem').filter({ hasText: 'T1' });
  await expect(t1).toContainText('₹240.00');
  await expect(overview.getByRole('region', { name: 'Tables open' })).toContainText(
    '₹360.00 running',
  );

  await counter.getByRole('button', { name: 'Pay ₹240.00' }).click();
  const dialog = counter.getByRole('dialog', { name: 'Pay' });
  await dialog
    .getByRole('radiogroup', { name: 'Payment status' })
    .getByText('Settled', { exact: true })
    .click();
  await dialog
    .getByRole('radiogroup', { name: 'Payment method' })
    .getByText('Cash', { exact: true })
    .click();
  await dialog.getByRole('button', { name: 'Save Payment' }).click();
  await expect(toast(counter, MESSAGES.payment.settled)).toBeVisible();

  // Without reload: today's sales and bills go up, T1 leaves the open tables.
  await expect(sales.getByText('₹240.00', { exact: true })).toBeVisible();
  await expect(bills.getByText('1', { exact: true })).toBeVisible();
  await expect(t1).toHaveCount(0);
  await expect(open.getByRole('listitem')).toHaveCount(1);
  await expect(overview.getByRole('region', { name: 'Top items this week' })).toContainText(
    `Paneer Tikka ${branch.id}`,
  );

  for (const list of problems) expect(list, list.join('\n')).toEqual([]);
  await overviewContext.close();
  await counterContext.close();
});

test('staff opening /user-dashboard see their start page, without the branch’s figures', async ({
  page,
}) => {
  await loginInBrowser(page, DEMO.staff.email, DEMO.staff.password);
  await expect(page).toHaveURL(/\/usersidebar\/billing$/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }),
  ).toHaveCount(0);
  await page.goto('/user-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Cafe' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /^Billing/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Today’s sales' })).toHaveCount(0);
});

test('the super admin’s dashboard shows renewals due, the plan run rate and demo requests per week', async ({
  page,
  playwright,
}) => {
  // A Basic plan that ends in 5 days, and a demo request this week.
  const id = uniqueSuffix();
  const admin = await apiAs(playwright, DEMO.admin.email, DEMO.admin.password);
  const created = await admin.post('/api/branches', {
    data: {
      branchName: `Renewal Cafe ${id}`,
      branchCode: `RC${id}`.slice(0, 20),
      ownerName: 'Meera Iyer',
      email: `renew${id}@example.com`,
      password: 'Temp-pass-123',
      location: 'Chennai',
      plan: 'basic',
      activeDate: isoDate(0),
      deactiveDate: isoDate(4),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const lead = await page.request.post('/api/demo-requests', {
    data: {
      name: `Lead ${id}`,
      businessName: `Dosa Corner ${id}`,
      contactNumber: '+91 98450 12345',
      email: `lead${id}@example.com`,
    },
  });
  expect(lead.status()).toBe(201);

  await loginInBrowser(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const renewals = page.getByRole('region', { name: 'Renewals due' });
  await expect(renewals).toContainText('Within 7 days');
  await expect(renewals).toContainText('Within 30 days');
  await expect(
    renewals.getByRole('listitem').filter({ hasText: `Renewal Cafe ${id}` }),
  ).toContainText('Active · 5 days left');
  const revenue = page.getByRole('region', { name: 'Plan revenue' });
  await expect(revenue).toContainText('Annual run rate of active plans');
  await expect(
    revenue.getByRole('row', { name: /^Basic · \d+ active ₹[\d,]+\.\d\d$/ }),
  ).toBeVisible();

  // The chart's numbers are in a table for screen readers: this week has the new request.
  const weeks = page.getByRole('table', { name: 'Demo requests per week' });
  await expect(weeks.getByRole('row')).toHaveCount(13);
  const thisWeek = Number(
    await weeks.getByRole('row').last().getByRole('cell').last().textContent(),
  );
  expect(thisWeek).toBeGreaterThanOrEqual(1);
  await expect(
    page.getByRole('region', { name: 'Demo requests per week' }).locator('svg').first(),
  ).toBeVisible();
});
