import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LABELS, MESSAGES } from '../shared/messages';
import { formatInr } from '../shared/money';
import type { TableOrder, TableSummary } from '../shared/schemas/tables.schemas';
import { DEMO, apiAs, loginInBrowser, uniqueSuffix, watchConsole } from './support/helpers';

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('alert').filter({ hasText: text });

async function addTableByApi(api: APIRequestContext, label: string): Promise<TableSummary> {
  const response = await api.post('/api/tables', { data: { label } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as TableSummary;
}

async function orderOf(api: APIRequestContext, tableId: string): Promise<TableOrder> {
  const response = await api.get(`/api/tables/${tableId}/order`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as TableOrder;
}

/** How many table tiles the screen shows whole, without scrolling. */
const tilesInView = (page: Page) =>
  page.evaluate(
    () =>
      [...document.querySelectorAll('main li.kit-tile')].filter((tile) => {
        const box = tile.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
      }).length,
  );

const orderLine = (page: Page, name: string) =>
  page.getByRole('region', { name: LABELS.table.orders }).getByRole('listitem', { name });

test.describe('tables and orders on a desktop', () => {
  test('the manager renames a table and removes it once it is empty, after confirming', async ({
    page,
    playwright,
  }) => {
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const table = await addTableByApi(api, `Corner ${uniqueSuffix()}`);
    const renamed = `${table.label} B`;
    await loginInBrowser(page, DEMO.manager.email, DEMO.manager.password);
    await expect(page).toHaveURL(/\/usersidebar\/billing$/);

    await page.getByRole('button', { name: `More actions for ${table.label}` }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: `Rename ${table.label}` });
    await dialog.getByLabel(LABELS.table.tableNumber).fill(renamed);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Table renamed')).toBeVisible();
    const card = page.getByRole('listitem', { name: renamed, exact: true });
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: `More actions for ${renamed}` }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(toast(page, `${renamed} was removed.`)).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test.use({ viewport: { width: 1280, height: 900 } });

  test('the manager adds a table, takes an order by search, Enter, + and −, and the card shows it as due', async ({
    page,
    playwright,
  }) => {
    const label = `Patio ${uniqueSuffix()}`;
    const problems = watchConsole(page);
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    await loginInBrowser(page, DEMO.manager.email, DEMO.manager.password);
    await expect(page).toHaveURL(/\/usersidebar\/billing$/);

    await page.getByRole('link', { name: LABELS.table.addTable }).first().click();
    await expect(page).toHaveURL(/\/add-table$/);
    await page.getByRole('button', { name: LABELS.table.addTable }).click();
    await expect(page.getByText(`${LABELS.table.tableNumber} is required`)).toBeVisible();
    await page.getByLabel(LABELS.table.tableNumber).fill(label);
    await page.getByRole('button', { name: LABELS.table.addTable }).click();
    await expect(toast(page, MESSAGES.table.added)).toBeVisible();
    await expect(page).toHaveURL(/\/usersidebar\/billing$/);
    // The toast sits below the screen's actions (Today's bills, Add Table), covering neither.
    const addTable = page.getByRole('link', { name: LABELS.table.addTable }).first();
    await expect
      .poll(async () => {
        const [note, action] = await Promise.all([
          toast(page, MESSAGES.table.added).boundingBox(),
          addTable.boundingBox(),
        ]);
        return note && action ? note.y >= action.y + action.height : false;
      })
      .toBe(true);

    // The same number again is refused under the field.
    await page.goto('/add-table');
    await page.getByLabel(LABELS.table.tableNumber).fill(label);
    await page.getByRole('button', { name: LABELS.table.addTable }).click();
    await expect(page.getByLabel(LABELS.table.tableNumber)).toHaveAccessibleDescription(
      'A table with this number already exists',
    );
    await page.getByRole('link', { name: 'Cancel' }).click();

    const card = page.getByRole('listitem', { name: label, exact: true });
    await expect(card).not.toHaveAttribute('data-open');
    // A free table has nothing to pay: no Pay button, no 'Due'.
    await expect(card).toContainText('Free');
    await expect(card.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    await card.getByRole('link', { name: label }).click();
    await expect(page.getByRole('heading', { name: label, level: 1 })).toBeVisible();

    // Type to find, Enter adds the first match; Enter again adds one more.
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.fill('masala ch');
    await search.press('Enter');
    await expect(orderLine(page, 'Masala Chai').getByTestId('line-quantity')).toHaveText('1');
    await search.press('Enter');
    await expect(orderLine(page, 'Masala Chai').getByTestId('line-quantity')).toHaveText('2');
    // Arrows choose another match: the second product whose name holds "lassi".
    await search.fill('lassi');
    await search.press('ArrowDown');
    await search.press('Enter');
    await expect(page.getByRole('region', { name: LABELS.table.orders })).toContainText('Lassi');

    await orderLine(page, 'Masala Chai')
      .getByRole('button', { name: 'One more Masala Chai' })
      .click();
    await expect(orderLine(page, 'Masala Chai').getByTestId('line-quantity')).toHaveText('3');
    await orderLine(page, 'Masala Chai')
      .getByRole('button', { name: 'One less Masala Chai' })
      .click();
    await expect(orderLine(page, 'Masala Chai').getByTestId('line-quantity')).toHaveText('2');

    const table = (await (await api.get('/api/tables')).json()) as { items: TableSummary[] };
    const tableId = table.items.find((item) => item.label === label)!.id;
    await expect
      .poll(async () => (await orderOf(api, tableId)).lines.map((l) => [l.name, l.quantity]))
      .toEqual([
        ['Masala Chai', 2],
        [expect.stringContaining('Lassi'), 1],
      ]);
    const saved = await orderOf(api, tableId);
    await expect(page.getByTestId('order-total')).toHaveText(
      `₹${(saved.totalPaise / 100).toFixed(2)}`,
    );

    await page.getByRole('link', { name: LABELS.table.backToTables }).click();
    await expect(card).toHaveAttribute('data-open', 'true');
    await expect(card.getByRole('button', { name: new RegExp(`^Pay ₹`) })).toContainText(
      `₹${(saved.totalPaise / 100).toFixed(2)}`,
    );
    // An open table is 'Open' for so long: 'Due' is a bill's payment status, not a table's.
    await expect(card).toHaveAttribute('data-state', 'ordering');
    await expect(card).toContainText('Ordering');
    await expect(card).toContainText(/\d+ min/);
    await expect(card).not.toContainText('Due');
    // The browser itself logs the refused duplicate (409); nothing else may be logged.
    const unexpected = problems.filter((text) => !text.includes('status of 409'));
    expect(unexpected, unexpected.join('\n')).toEqual([]);
  });

  test('quick taps are all saved: ten + in a row make ten', async ({ page, playwright }) => {
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const table = await addTableByApi(api, `Quick ${uniqueSuffix()}`);
    await loginInBrowser(page, DEMO.manager.email, DEMO.manager.password);
    await expect(page).toHaveURL(/\/usersidebar\/billing$/);
    await page.goto(`/table/${table.id}`);
    await page.getByRole('button', { name: 'Add Cold Coffee' }).click();
    const more = orderLine(page, 'Cold Coffee').getByRole('button', {
      name: 'One more Cold Coffee',
    });
    for (let tap = 0; tap < 9; tap += 1) await more.click({ delay: 0 });
    await expect(orderLine(page, 'Cold Coffee').getByTestId('line-quantity')).toHaveText('10');
    await expect.poll(async () => (await orderOf(api, table.id)).lines[0]?.quantity).toBe(10);
  });

  test('another device of the branch sees the items appear without reload, and staff take orders', async ({
    browser,
    playwright,
  }) => {
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const table = await addTableByApi(api, `Live ${uniqueSuffix()}`);

    const managerContext = await browser.newContext();
    const staffContext = await browser.newContext();
    const manager = await managerContext.newPage();
    const staff = await staffContext.newPage();
    const problems = [...[manager, staff].map((page) => watchConsole(page))];

    await loginInBrowser(manager, DEMO.manager.email, DEMO.manager.password);
    await expect(manager).toHaveURL(/\/usersidebar\/billing$/);
    await loginInBrowser(staff, DEMO.staff.email, DEMO.staff.password);
    await expect(staff).toHaveURL(/\/usersidebar\/billing$/);

    // The staff member watches the tables; the manager takes the order on the table.
    const staffCard = staff.getByRole('listitem', { name: table.label, exact: true });
    await expect(staffCard).not.toHaveAttribute('data-open');
    await manager.goto(`/table/${table.id}`);
    await manager.getByRole('button', { name: 'Add Veg Sandwich' }).click();
    await expect(orderLine(manager, 'Veg Sandwich')).toBeVisible();
    await expect(staffCard).toHaveAttribute('data-open', 'true', { timeout: 5_000 });

    // The staff member opens it, sees the line, and adds to it; the manager sees that too.
    await staffCard.getByRole('link', { name: table.label }).click();
    await expect(orderLine(staff, 'Veg Sandwich').getByTestId('line-quantity')).toHaveText('1');
    await staff.getByRole('button', { name: 'Add Masala Chai' }).click();
    await expect(orderLine(manager, 'Masala Chai')).toBeVisible({ timeout: 5_000 });
    await manager.getByRole('button', { name: 'Add Veg Sandwich' }).click();
    await expect(orderLine(staff, 'Veg Sandwich').getByTestId('line-quantity')).toHaveText('2', {
      timeout: 5_000,
    });
    await expect
      .poll(async () => (await orderOf(api, table.id)).lines.map((l) => [l.name, l.quantity]))
      .toEqual([
        ['Veg Sandwich', 2],
        ['Masala Chai', 1],
      ]);
    for (const list of problems) expect(list, list.join('\n')).toEqual([]);
    await managerContext.close();
    await staffContext.close();
  });
});

test.describe('tables on a phone', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('the floor at a glance: twelve tables in view on a 360 × 740 phone, each with its state', async ({
    page,
    playwright,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const suffix = uniqueSuffix();
    const tables: TableSummary[] = [];
    for (let n = 1; n <= 12; n += 1) tables.push(await addTableByApi(api, `G${n} ${suffix}`));
    const menu = (await (await api.get('/api/products/menu')).json()) as {
      items: { id: string; name: string }[];
    };
    const chai = menu.items.find((item) => item.name === 'Masala Chai')!;
    const tapped = await api.post(`/api/tables/${tables[0]!.id}/lines`, {
      data: { opId: crypto.randomUUID(), productId: chai.id, delta: 2 },
    });
    expect(tapped.status(), await tapped.text()).toBe(200);
    const billTotal = (
      (await (await api.get('/api/tables')).json()) as { items: TableSummary[] }
    ).items.find((item) => item.id === tables[0]!.id)!.billTotalPaise;

    await loginInBrowser(page, DEMO.staff.email, DEMO.staff.password);
    await expect(page).toHaveURL(/\/usersidebar\/billing$/);
    const open = page.getByRole('listitem', { name: tables[0]!.label, exact: true });
    // Its state in a word (beside its colour), its time open and the bill's grand total.
    await expect(open).toContainText('Ordering');
    await expect(open).toContainText(/\d+ min/);
    await expect(open.getByRole('button', { name: /^Pay ₹/ })).toHaveText(
      `Pay ${formatInr(billTotal)}`,
    );
    await expect(page.getByRole('listitem', { name: tables[1]!.label, exact: true })).toContainText(
      'Free',
    );
    expect(await tilesInView(page)).toBeGreaterThanOrEqual(12);
  });

  test('Tables / Billing and a table order have no serious accessibility problem and fit the width', async ({
    page,
    playwright,
  }) => {
    // axe takes several seconds a screen on a busy machine (two screens here).
    test.setTimeout(90_000);
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const table = await addTableByApi(api, `Window ${uniqueSuffix()}`);
    await loginInBrowser(page, DEMO.staff.email, DEMO.staff.password);
    await expect(page).toHaveURL(/\/usersidebar\/billing$/);
    await page.goto(`/table/${table.id}`);
    await page.getByRole('button', { name: 'Add Masala Chai' }).click();
    // On a phone the menu fills the screen; the bar at the bottom says what is on the order
    // and opens it in one tap.
    await page.getByRole('button', { name: /^View order: 1 item, ₹30\.00$/ }).click();
    await expect(orderLine(page, 'Masala Chai')).toBeInViewport();

    for (const path of [`/table/${table.id}`, '/usersidebar/billing']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${path}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious, serious.join('\n')).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} is wider than the phone`).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('tables on a 10-inch tablet', () => {
  test.use({ viewport: { width: 800, height: 1280 } });

  test('the floor at a glance: thirty tables in view, open ones with their Pay', async ({
    page,
    playwright,
  }) => {
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const suffix = uniqueSuffix();
    const tables: TableSummary[] = [];
    for (let n = 1; n <= 30; n += 1) tables.push(await addTableByApi(api, `P${n} ${suffix}`));
    const menu = (await (await api.get('/api/products/menu')).json()) as {
      items: { id: string; name: string }[];
    };
    const chai = menu.items.find((item) => item.name === 'Masala Chai')!;
    // Every third table open: its tile is the tallest (its Pay button).
    for (const table of tables.filter((_, n) => n % 3 === 0)) {
      const tapped = await api.post(`/api/tables/${table.id}/lines`, {
        data: { opId: crypto.randomUUID(), productId: chai.id, delta: 1 },
      });
      expect(tapped.status(), await tapped.text()).toBe(200);
    }
    await loginInBrowser(page, DEMO.staff.email, DEMO.staff.password);
    await expect(page).toHaveURL(/\/usersidebar\/billing$/);
    await expect(
      page.getByRole('listitem', { name: tables[0]!.label, exact: true }).getByRole('button', {
        name: /^Pay ₹/,
      }),
    ).toBeVisible();
    expect(await tilesInView(page)).toBeGreaterThanOrEqual(30);
  });
});
