import { expect, test } from '@playwright/test';
import { MESSAGES } from '../shared/messages';
import {
  DEMO,
  apiAs,
  branchWithManager,
  isoDate,
  latestMailTo,
  logOut,
  loginInBrowser,
  typeDate,
  uniqueSuffix,
} from './support/helpers';

test('a super admin creates a branch; its manager logs in, changes the password and reaches billing', async ({
  page,
  browser,
}) => {
  const id = uniqueSuffix();
  const managerEmail = `owner${id}@example.com`;
  await loginInBrowser(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByLabel('Branch Name').fill(`Chai Corner ${id}`);
  await page.getByLabel('Branch Code').fill(`CC${id}`.slice(0, 20));
  await page.getByLabel('Owner Name').fill('Meera Iyer');
  await page.getByLabel('Email ID').fill(managerEmail);
  await page.getByLabel('Password', { exact: true }).fill('Temp-pass-123');
  await page.getByLabel('Location').fill('Chennai');
  await page.getByLabel('Subscription Type').selectOption('yearly');
  await typeDate(page.getByLabel('Start Date'), isoDate(0));
  await typeDate(page.getByLabel('End Date'), isoDate(365));
  await page.getByRole('button', { name: /create branch|add branch|submit/i }).click();
  await expect(page.getByText(MESSAGES.branch.created)).toBeVisible();
  await expect(page).toHaveURL(/\/branches$/);

  const manager = await browser.newContext();
  const managerPage = await manager.newPage();
  await loginInBrowser(managerPage, managerEmail, 'Temp-pass-123');
  await expect(managerPage).toHaveURL(/\/change-password$/);
  // Until the password is changed, the app's screens send the manager back here.
  await managerPage.goto('/usersidebar/billing');
  await expect(managerPage).toHaveURL(/\/change-password$/);
  await managerPage.getByLabel('Temporary password').fill('Temp-pass-123');
  await managerPage.getByLabel('New password', { exact: true }).fill('Meera-own-pass-1');
  await managerPage.getByLabel('Confirm new password').fill('Meera-own-pass-1');
  await managerPage.getByRole('button', { name: 'Change password' }).click();
  await expect(managerPage).toHaveURL(/\/usersidebar\/billing$/);
  await expect(managerPage.getByText('Welcome Meera Iyer')).toBeVisible();
  await manager.close();
});

test('staff of a branch whose plan expired sees the exact message', async ({
  page,
  playwright,
}) => {
  const { id, branchId, admin, manager } = await branchWithManager(playwright, {
    subscriptionType: 'monthly',
    activeDate: isoDate(0),
    deactiveDate: isoDate(30),
  });
  const staff = await manager.post('/api/staff', {
    data: {
      name: 'Kiran',
      email: `kiran${id}@example.com`,
      password: 'Kiran-pass-1',
      activeDate: isoDate(0),
      deactiveDate: isoDate(30),
    },
  });
  expect(staff.status(), await staff.text()).toBe(201);
  const expired = await admin.put(`/api/branches/${branchId}/plan`, {
    data: { subscriptionType: 'monthly', activeDate: isoDate(-60), deactiveDate: isoDate(-1) },
  });
  expect(expired.status(), await expired.text()).toBe(200);

  await loginInBrowser(page, `kiran${id}@example.com`, 'Kiran-pass-1');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.login.subuserBranchPlanExpired);
  await expect(page).toHaveURL(/\/login$/);
});

test('when the plan ends mid-session, the next screen is the login screen with the plan message', async ({
  page,
  playwright,
}) => {
  const { branchId, admin, managerEmail, managerPassword } = await branchWithManager(playwright, {
    subscriptionType: 'daily',
    activeDate: isoDate(0),
    deactiveDate: isoDate(1),
  });
  const streamOpened = page.waitForResponse((r) => r.url().endsWith('/api/events'));
  await loginInBrowser(page, managerEmail, managerPassword);
  await expect(page).toHaveURL(/\/usersidebar\/billing$/);
  // Billing has its tables and its live stream: no call of it is still on its way to notice.
  await expect(page.getByText('No tables yet')).toBeVisible();
  expect((await streamOpened).status()).toBe(200);

  await admin.put(`/api/branches/${branchId}/plan`, {
    data: { subscriptionType: 'daily', activeDate: isoDate(-2), deactiveDate: isoDate(-1) },
  });
  // The Staff screen asks the server for its list: that call is refused with the plan message.
  await page.getByRole('link', { name: 'Staff' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.login.branchPlanExpired);
});

test('when the live updates stream is the first to meet the ended plan, the login screen still says why', async ({
  page,
  playwright,
}) => {
  const { branchId, admin, managerEmail, managerPassword } = await branchWithManager(playwright, {
    subscriptionType: 'daily',
    activeDate: isoDate(0),
    deactiveDate: isoDate(1),
  });
  // As when a device reconnects after a network drop: the stream's call comes first once the
  // plan has ended, and the screens' data calls stay on their way (never answered here).
  let endPlan!: () => void;
  const planEnded = new Promise<void>((resolve) => (endPlan = resolve));
  await page.route('**/api/events', async (route) => {
    await planEnded;
    await route.continue();
  });
  await page.route(/\/api\/(?!auth\/|events)/, () => undefined);
  await loginInBrowser(page, managerEmail, managerPassword);
  await expect(page).toHaveURL(/\/usersidebar\/billing$/);

  await admin.put(`/api/branches/${branchId}/plan`, {
    data: { subscriptionType: 'daily', activeDate: isoDate(-2), deactiveDate: isoDate(-1) },
  });
  endPlan();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.login.branchPlanExpired);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('Remember Me survives a browser restart while a plain login does not', async ({ browser }) => {
  for (const remember of [true, false]) {
    const first = await browser.newContext();
    const page = await first.newPage();
    await loginInBrowser(page, DEMO.staff.email, DEMO.staff.password, remember);
    await expect(page).toHaveURL(/\/usersidebar\/billing$/);
    // A restart keeps persistent cookies and drops the browser-session ones.
    const state = await first.storageState();
    await first.close();
    const restarted = await browser.newContext({
      storageState: { ...state, cookies: state.cookies.filter((c) => c.expires > 0) },
    });
    const again = await restarted.newPage();
    await again.goto('/usersidebar/billing');
    if (remember) await expect(again.getByText('Welcome Asha Patil')).toBeVisible();
    else await expect(again).toHaveURL(/\/login$/);
    await restarted.close();
  }
});

test('30 minutes without activity end the session and return to the home page', async ({
  page,
}) => {
  await page.clock.install();
  await loginInBrowser(page, DEMO.staff.email, DEMO.staff.password);
  await expect(page).toHaveURL(/\/usersidebar\/billing$/);
  // The signed-in frame is up, so the idle watch has started.
  await expect(page.getByText('Welcome Asha Patil')).toBeVisible();
  await page.clock.fastForward('29:00');
  await expect(page).toHaveURL(/\/usersidebar\/billing$/);
  await page.clock.fastForward('02:00');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/usersidebar/billing');
  await expect(page).toHaveURL(/\/login$/);
});

test('staff who type a manager-only address see a not-allowed page, never its data', async ({
  page,
}) => {
  await loginInBrowser(page, DEMO.staff.email, DEMO.staff.password);
  await expect(page).toHaveURL(/\/usersidebar\/billing$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Billing' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Product' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  for (const path of ['/products', '/staff', '/report/order', '/vendordashboard', '/admin']) {
    await page.goto(path);
    await expect(page.getByText(MESSAGES.auth.notAllowed)).toBeVisible();
  }
});

test('a signed-in visitor of /login goes to their dashboard; logging out ends it', async ({
  page,
}) => {
  await loginInBrowser(page, DEMO.manager.email, DEMO.manager.password);
  await expect(page).toHaveURL(/\/usersidebar\/billing$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await logOut(page);
  await page.goto('/user-dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the error line under the form', async ({ page }) => {
  await loginInBrowser(page, DEMO.manager.email, 'not-my-password');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.login.invalidCredentials);
});

test('a forgotten password is reset through the mailed single-use link', async ({
  page,
  playwright,
}) => {
  const id = uniqueSuffix();
  const email = `forgetful${id}@example.com`;
  const manager = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
  const added = await manager.post('/api/staff', {
    data: {
      name: 'Forgetful',
      email,
      password: 'First-pass-1',
      activeDate: isoDate(0),
      deactiveDate: isoDate(30),
    },
  });
  expect(added.status(), await added.text()).toBe(201);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email ID').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(MESSAGES.auth.forgotPasswordSent)).toBeVisible();

  const mail = await latestMailTo(email);
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail)![0];
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Second-pass-2');
  await page.getByLabel('Confirm new password').fill('Second-pass-2');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  // The used link says at once that it is no longer valid, without a form.
  await page.goto(link);
  await expect(page.getByText(MESSAGES.auth.resetLinkNoLongerValid)).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await loginInBrowser(page, email, 'Second-pass-2');
  await expect(page).toHaveURL(/\/usersidebar\/billing$/);
  await manager.dispose();
});

test('a made-up reset link says at once that it is no longer valid and offers a new one', async ({
  page,
}) => {
  await page.goto(`/reset-password?token=${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'Link no longer valid' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.auth.resetLinkNoLongerValid);
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // A link without a token at all says the same.
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Link no longer valid' })).toBeVisible();
});

test('at first login the temporary password field names itself in its error, and the screen can log out', async ({
  page,
  playwright,
}) => {
  const email = `first-login${uniqueSuffix()}@example.com`;
  const manager = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
  const added = await manager.post('/api/staff', {
    data: {
      name: 'First Login',
      email,
      password: 'Temporary-pass-1',
      activeDate: isoDate(0),
      deactiveDate: isoDate(30),
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  await manager.dispose();

  await loginInBrowser(page, email, 'Temporary-pass-1');
  await expect(page).toHaveURL(/\/change-password$/);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Temporary password is required')).toBeVisible();
  await expect(page.getByText('Current password is required')).toHaveCount(0);
  await page.getByLabel('Temporary password').fill('not-the-temporary-one');
  await page.getByLabel('New password', { exact: true }).fill('My-own-pass-1');
  await page.getByLabel('Confirm new password').fill('My-own-pass-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(MESSAGES.auth.wrongTemporaryPassword).first()).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/change-password');
  await expect(page).toHaveURL(/\/login$/);
});
