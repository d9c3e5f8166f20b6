import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LABELS } from '../shared/messages';
import type { TableSummary } from '../shared/schemas/tables.schemas';
import {
  branchWithManager,
  choose,
  isoDate,
  loginInBrowser,
  uniqueSuffix,
} from './support/helpers';

/**
 * Floor sections (docs/kitchen.md): the manager makes sections and puts tables in them, the
 * billing screen groups the tables under them in their order, with a filter; a card shows its
 * guests and the waiter who opened it. On a branch of its own, so other tests' tables stay apart.
 */
const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('alert').filter({ hasText: text });

async function created<T>(response: Promise<{ status(): number; text(): Promise<string> }>) {
  const answer = await response;
  expect(answer.status(), await answer.text()).toBe(201);
  return JSON.parse(await answer.text()) as T;
}

async function addTable(api: APIRequestContext, label: string) {
  return created<TableSummary>(api.post('/api/tables', { data: { label } }));
}

test('the manager makes sections and puts tables in them; the billing screen groups them; guests and the waiter show on a card', async ({
  page,
  playwright,
}) => {
  test.setTimeout(90_000);
  const branch = await branchWithManager(playwright, {
    subscriptionType: 'yearly',
    activeDate: isoDate(0),
    deactiveDate: isoDate(300),
  });
  const api = branch.manager;
  // A waiter of the branch, and a product to order.
  const waiter = { name: `Asha ${uniqueSuffix()}`, email: `waiter${branch.id}@example.com` };
  await created(
    api.post('/api/staff', {
      data: {
        ...waiter,
        password: 'Waiter-pass-123',
        activeDate: isoDate(0),
        deactiveDate: isoDate(200),
      },
    }),
  );
  const tea = await created<{ id: string }>(
    api.post('/api/products', {
      data: { name: 'Masala Chai', pricePaise: 3000, subcategory: 'Drinks', ingredients: [] },
    }),
  );
  const t1 = await addTable(api, 'T1');
  const t2 = await addTable(api, 'T2');
  await addTable(api, 'Counter 1');

  await loginInBrowser(page, branch.managerEmail, branch.managerPassword);
  await expect(page).toHaveURL(/\/usersidebar\/billing$/);
  const main = page.getByRole('main');
  // No sections yet: no headings, no filter.
  await expect(main.getByRole('heading', { level: 2 })).toHaveCount(0);

  // The manager adds three sections, then moves Counter first and back last.
  await page.getByRole('button', { name: 'Sections' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sections of the floor' });
  for (const name of ['Ground floor', 'Terrace', 'Counter']) {
    await dialog.getByLabel('Section name').fill(name);
    await dialog.getByRole('button', { name: 'Add section' }).click();
    await expect(toast(page, `${name} added`)).toBeVisible();
  }
  const rows = dialog.getByRole('listitem');
  await expect(rows).toHaveText(['Ground floor', 'Terrace', 'Counter']);
  await dialog.getByRole('button', { name: 'Move Counter up' }).click();
  await expect(rows).toHaveText(['Ground floor', 'Counter', 'Terrace']);
  await dialog.getByRole('button', { name: 'Move Counter down' }).click();
  await expect(rows).toHaveText(['Ground floor', 'Terrace', 'Counter']);
  // A taken name is refused on the field.
  await dialog.getByLabel('Section name').fill('terrace');
  await dialog.getByRole('button', { name: 'Add section' }).click();
  await expect(dialog.getByText('A section with this name already exists')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // T1 into the Terrace through its rename form; a new table straight into the Ground floor.
  await page.getByRole('button', { name: 'More actions for T1' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename T1' });
  await rename.getByRole('combobox', { name: 'Section', exact: true }).click();
  await page.getByRole('option', { name: 'Terrace' }).click();
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Table renamed')).toBeVisible();

  await page.getByRole('link', { name: LABELS.table.addTable }).click();
  await page.getByLabel(LABELS.table.tableNumber).fill('G1');
  await choose(page, 'Section', 'Ground floor');
  await page.getByRole('button', { name: LABELS.table.addTable }).click();
  await expect(page).toHaveURL(/\/usersidebar\/billing$/);

  // Tables without a section first (no heading), then the sections in their order; an empty
  // section (Counter) has no heading.
  await expect(main.getByRole('heading', { level: 2 })).toHaveText(['Ground floor', 'Terrace']);
  const ground = page.getByRole('region', { name: 'Ground floor' });
  const terrace = page.getByRole('region', { name: 'Terrace' });
  await expect(ground.getByRole('listitem', { name: 'G1', exact: true })).toBeVisible();
  await expect(terrace.getByRole('listitem', { name: 'T1', exact: true })).toBeVisible();
  const firstGrid = page.getByRole('list').first();
  await expect(firstGrid.getByRole('listitem', { name: 'T2', exact: true })).toBeVisible();
  await expect(firstGrid.getByRole('listitem', { name: 'T1', exact: true })).toHaveCount(0);

  // The filter shows one section, and the device remembers it.
  const filter = page.getByRole('group', { name: 'Section' });
  await filter.getByText('Terrace', { exact: true }).click();
  await expect(main.getByRole('heading', { level: 2 })).toHaveText(['Terrace']);
  await expect(page.getByRole('listitem', { name: 'T2', exact: true })).toHaveCount(0);
  await page.reload();
  await expect(main.getByRole('heading', { level: 2 })).toHaveText(['Terrace']);
  await page.getByRole('group', { name: 'Section' }).getByText('All', { exact: true }).click();
  await expect(main.getByRole('heading', { level: 2 })).toHaveText(['Ground floor', 'Terrace']);

  // The waiter opens T1 and says how many are seated: the card shows both.
  const waiterApi = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  const login = await waiterApi.post('/api/auth/login', {
    data: { email: waiter.email, password: 'Waiter-pass-123' },
  });
  expect(login.status(), await login.text()).toBe(200);
  await waiterApi.post('/api/auth/change-password', {
    data: { currentPassword: 'Waiter-pass-123', newPassword: 'Waiter-pass-456' },
  });
  const tap = await waiterApi.post(`/api/tables/${t1.id}/lines`, {
    data: { opId: crypto.randomUUID(), productId: tea.id, delta: 2 },
  });
  expect(tap.status(), await tap.text()).toBe(200);
  const guests = await waiterApi.put(`/api/tables/${t1.id}/guests`, { data: { guests: 3 } });
  expect(guests.status(), await guests.text()).toBe(200);
  const card = terrace.getByRole('listitem', { name: 'T1', exact: true });
  await expect(card.getByTestId('table-guests')).toHaveText('3 guests');
  await expect(card.getByTestId('table-opened-by')).toContainText(waiter.name);
  // A free table shows neither.
  await expect(
    page.getByRole('listitem', { name: t2.label, exact: true }).getByTestId('table-guests'),
  ).toHaveCount(0);
  await waiterApi.dispose();
});
