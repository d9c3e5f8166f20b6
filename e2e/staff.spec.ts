import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { daysBetween, formatDisplayDate } from '../shared/dates';
import { MESSAGES } from '../shared/messages';
import { createStaffBodySchema } from '../shared/schemas/staff.schemas';
import {
  DEMO,
  apiAs,
  dayFirst,
  isoDate,
  loginInBrowser,
  typeDate,
  uniqueSuffix,
  signedInAt,
} from './support/helpers';

const addDialog = (page: Page) => page.getByRole('dialog', { name: 'Add Staff' });
const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('alert').filter({ hasText: text });
/**
 * Flips a row's Active/Inactive switch the way a person taps it: a real click, which waits until
 * nothing (a toast, a closing dialog) covers it and it is enabled.
 */
const flipActive = (row: Locator) => row.getByRole('switch').click();
/** The switch of a row, by what it says: 'Active' when on, 'Inactive' when off. */
const activeSwitch = (row: Locator, state: 'Active' | 'Inactive') =>
  row.getByRole('switch', { name: state, exact: true });

async function openStaffAsManager(
  page: Page,
  email = DEMO.manager.email,
  password = DEMO.manager.password,
) {
  await loginInBrowser(page, email, password);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Staff' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
}

async function fillAddForm(page: Page, values: { name: string; email: string; password: string }) {
  const dialog = addDialog(page);
  await dialog.getByLabel('Name').fill(values.name);
  await dialog.getByLabel('Email').fill(values.email);
  await dialog.getByLabel('Temporary password').fill(values.password);
}

test.describe('staff on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the manager adds a staff member and deactivates them; their login is then refused', async ({
    page,
    browser,
    playwright,
  }) => {
    // Two devices and several screens: about 22 s alone, over 30 s with two workers under load.
    test.setTimeout(60_000);
    const id = uniqueSuffix();
    const member = {
      name: `Meera ${id}`,
      email: `meera${id}@demo.cafe`,
      password: 'Temp-pass-123',
    };
    await openStaffAsManager(page);
    // Other tests share the demo branch, so its exact headcount is checked on a branch of its own.
    await expect(page.getByText(/^\d+ of 10 active staff$/)).toBeVisible();

    // The plan runs from today to the branch plan's last day, shown day first as people in
    // India write dates.
    const manager = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const { branchPlan } = (await (await manager.get('/api/staff')).json()) as {
      branchPlan: { deactiveDate: string };
    };
    await manager.dispose();
    await page.getByRole('button', { name: 'Add Staff' }).click();
    await expect(addDialog(page).getByLabel('Start date')).toHaveValue(dayFirst(isoDate(0)));
    await expect(addDialog(page).getByLabel('End date')).toHaveValue(
      dayFirst(branchPlan.deactiveDate),
    );
    await fillAddForm(page, member);
    await addDialog(page).getByRole('button', { name: 'Add Staff' }).click();
    await expect(toast(page, `${member.name} was added`)).toBeVisible();
    await expect(addDialog(page)).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: member.email });
    await expect(row).toContainText(member.name);
    const daysLeft = daysBetween(isoDate(0), branchPlan.deactiveDate) + 1;
    await expect(row).toContainText(`Active · ${daysLeft} days left`);
    await expect(row.getByText('Temporary password')).toBeVisible();

    // The new member can log in, and is asked to choose their own password first.
    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await loginInBrowser(staffPage, member.email, member.password);
    await expect(staffPage).toHaveURL(/\/change-password$/);

    await expect(activeSwitch(row, 'Active')).toBeChecked();
    await flipActive(row);
    const confirm = page.getByRole('dialog', { name: `Deactivate ${member.name}?` });
    await expect(confirm).toContainText('signed out now');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(toast(page, `${member.name} was deactivated and signed out.`)).toBeVisible();
    // Off reads 'Inactive', and the badge says so instead of counting the plan's days.
    await expect(activeSwitch(row, 'Inactive')).not.toBeChecked();
    await expect(row.getByText('Deactivated', { exact: true })).toBeVisible();
    await expect(row).not.toContainText('days left');

    const fresh = await browser.newContext();
    const freshPage = await fresh.newPage();
    await loginInBrowser(freshPage, member.email, member.password);
    await expect(freshPage.getByText(MESSAGES.login.subuserInactive)).toBeVisible();
    await expect(freshPage).toHaveURL(/\/login$/);
    await Promise.all([staffContext.close(), fresh.close()]);
  });
});

test.describe('staff on a phone', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('a wrong form shows the messages under the fields and keeps what was typed', async ({
    page,
  }) => {
    let posted = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/staff')) posted += 1;
    });
    await loginInBrowser(page, DEMO.manager.email, DEMO.manager.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/staff');
    // Phones get cards, not a table.
    await expect(page.getByRole('listitem', { name: 'Asha Patil' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);

    await page.getByRole('button', { name: 'Add Staff' }).click();
    const dialog = addDialog(page);
    await typeDate(dialog.getByLabel('End date'), isoDate(-1));
    await dialog.getByRole('button', { name: 'Add Staff' }).click();
    const parsed = createStaffBodySchema.safeParse({
      name: '',
      email: '',
      password: '',
      activeDate: isoDate(0),
      deactiveDate: isoDate(-1),
    });
    for (const issue of parsed.error!.issues) {
      await expect(dialog.getByText(issue.message, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByLabel('Name')).toBeFocused();
    expect(posted).toBe(0);

    // The server's answer for a taken email lands under Email; the rest stays as typed.
    await typeDate(dialog.getByLabel('End date'), isoDate(30));
    await fillAddForm(page, {
      name: 'Second Asha',
      email: DEMO.staff.email,
      password: 'Temp-pass-123',
    });
    await dialog.getByRole('button', { name: 'Add Staff' }).click();
    await expect(dialog.getByText('This email is already in use')).toBeVisible();
    expect(posted).toBe(1);
    await expect(dialog.getByLabel('Name')).toHaveValue('Second Asha');
    await expect(dialog.getByLabel('Temporary password')).toHaveValue('Temp-pass-123');
  });
});

test.describe('toasts on a phone', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('a toast sits at the bottom and covers none of the header or its buttons', async ({
    page,
  }) => {
    // A failed save (the server answers 500 here, so nothing is written) shows a red toast.
    await page.route('**/api/staff', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'x' } } })
        : route.fallback(),
    );
    await loginInBrowser(page, DEMO.manager.email, DEMO.manager.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/staff');
    await page.getByRole('button', { name: 'Add Staff' }).click();
    await fillAddForm(page, {
      name: 'Toast Test',
      email: `toast.${uniqueSuffix()}@example.com`,
      password: 'Temp-pass-123',
    });
    await typeDate(addDialog(page).getByLabel('End date'), isoDate(30));
    await addDialog(page).getByRole('button', { name: 'Add Staff' }).click();
    const shown = page.getByRole('alert').filter({ hasText: MESSAGES.common.unexpected });
    await expect(shown).toBeVisible();
    const box = (await shown.boundingBox())!;
    const banner = page
      .getByRole('banner')
      .filter({ has: page.getByRole('button', { name: 'Open navigation' }) });
    for (const part of [
      banner,
      banner.getByRole('button', { name: 'Open navigation' }),
      banner.getByRole('button', { name: /: account menu$/ }),
    ]) {
      const partBox = (await part.boundingBox())!;
      const apart =
        box.y >= partBox.y + partBox.height ||
        partBox.y >= box.y + box.height ||
        box.x >= partBox.x + partBox.width ||
        partBox.x >= box.x + box.width;
      expect(apart, `the toast covers ${String(part)}`).toBe(true);
    }
    expect(box.y + box.height).toBeGreaterThan(800 - 40);
  });
});

test('a full branch shows the staff limit; a reset password must be changed at next login', async ({
  page,
  browser,
  playwright,
}) => {
  // A branch of its own with room for one staff member, so the demo branch stays as it is.
  const id = uniqueSuffix();
  const managerEmail = `tiffin${id}@example.com`;
  const admin = await apiAs(playwright, DEMO.admin.email, DEMO.admin.password);
  const created = await admin.post('/api/branches', {
    data: {
      branchName: `Tiffin ${id}`,
      branchCode: `TF${id}`.slice(0, 20),
      ownerName: 'Lakshmi Rao',
      email: managerEmail,
      password: 'Temp-pass-123',
      location: 'Mysuru',
      subscriptionType: 'yearly',
      activeDate: isoDate(0),
      deactiveDate: isoDate(365),
      numberOfUsers: 1,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const manager = await apiAs(playwright, managerEmail, 'Temp-pass-123');
  const changed = await manager.post('/api/auth/change-password', {
    data: { currentPassword: 'Temp-pass-123', newPassword: 'Tiffin-pass-1' },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  const staffEmail = `gopal${id}@example.com`;
  const added = await manager.post('/api/staff', {
    data: {
      name: 'Gopal',
      email: staffEmail,
      password: 'Gopal-pass-1',
      activeDate: isoDate(0),
      deactiveDate: isoDate(90),
    },
  });
  expect(added.status(), await added.text()).toBe(201);

  await openStaffAsManager(page, managerEmail, 'Tiffin-pass-1');
  await expect(page.getByText('1 of 1 active staff')).toBeVisible();
  await page.getByRole('button', { name: 'Add Staff' }).click();
  await fillAddForm(page, {
    name: 'Extra',
    email: `extra${id}@example.com`,
    password: 'Temp-pass-123',
  });
  await addDialog(page).getByRole('button', { name: 'Add Staff' }).click();
  await expect(toast(page, 'Staff limit reached')).toContainText('allows 1 active staff');
  await expect(addDialog(page).getByLabel('Name')).toHaveValue('Extra');
  await addDialog(page).getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Reset password of Gopal' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset password' });
  await reset.getByLabel('Temporary password').fill('Fresh-temp-77');
  await reset.getByRole('button', { name: 'Reset password' }).click();
  await expect(toast(page, 'Temporary password set for Gopal')).toBeVisible();

  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await loginInBrowser(staffPage, staffEmail, 'Gopal-pass-1');
  await expect(staffPage.getByText(MESSAGES.login.invalidCredentials)).toBeVisible();
  await loginInBrowser(staffPage, staffEmail, 'Fresh-temp-77');
  await expect(staffPage).toHaveURL(/\/change-password$/);
  await staff.close();

  await page.getByRole('button', { name: 'Edit plan dates of Gopal' }).click();
  const plan = page.getByRole('dialog', { name: 'Edit plan dates' });
  // A staff plan cannot outlast the branch's (365 days from today): the server says why.
  await typeDate(plan.getByLabel('End date'), isoDate(366));
  await plan.getByRole('button', { name: 'Save dates' }).click();
  await expect(
    plan.getByText(
      `End date cannot be after ${formatDisplayDate(isoDate(365))}, the last day of the branch's plan`,
    ),
  ).toBeVisible();
  await typeDate(plan.getByLabel('Start date'), isoDate(1));
  await typeDate(plan.getByLabel('End date'), isoDate(365));
  await plan.getByRole('button', { name: 'Save dates' }).click();
  await expect(toast(page, 'Plan dates of Gopal were updated.')).toBeVisible();
  await expect(plan).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: staffEmail });
  await expect(row).toContainText('Not active yet');

  // Deactivating frees the place; activating takes it again, with no confirmation needed.
  await flipActive(row);
  const confirm = page.getByRole('dialog', { name: 'Deactivate Gopal?' });
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('0 of 1 active staff')).toBeVisible();
  await flipActive(row);
  await expect(toast(page, 'Gopal is active again and can log in.')).toBeVisible();
  await expect(page.getByText('1 of 1 active staff')).toBeVisible();
  await expect(activeSwitch(row, 'Active')).toBeChecked();
});

for (const width of [360, 1280]) {
  test(`the Staff screen at ${width} px, with the add form closed and open, has no serious accessibility problems`, async ({
    browser,
  }) => {
    const { context, page } = await signedInAt(browser, width, DEMO.manager);
    await page.goto('/staff');
    await expect(page.getByText('Asha Patil')).toBeVisible();
    for (const step of ['list', 'form'] as const) {
      if (step === 'form') {
        await page.getByRole('button', { name: 'Add Staff' }).click();
        await expect(addDialog(page).getByLabel('Name')).toBeFocused();
        // Focus comes before the modal's fade-in ends: checked half-faded, its grey text
        // failed the contrast check (a flake seen once in a full run).
        await expect(addDialog(page)).toHaveCSS('opacity', '1');
      }
      // This screen's own content: the sidebar layout around it is checked with its own tests.
      const results = await new AxeBuilder({ page })
        .include(step === 'list' ? 'main' : '[role="dialog"]')
        .analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious, `${step}:\n${serious.join('\n')}`).toEqual([]);
    }
    await context.close();
  });
}
