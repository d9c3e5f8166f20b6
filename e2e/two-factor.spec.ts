import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../shared/messages';
import { totpCode, totpStep } from '../server/modules/auth/auth.totp';
import {
  DEMO,
  branchWithManager,
  isoDate,
  logOut,
  loginInBrowser,
  openUserMenu,
  toast,
  unusedDemoAdminCode,
} from './support/helpers';
import { E2E_BASE_URL } from './support/env';

/** Codes as the manager's phone shows them: a new step for every sign-in (each is used once). */
function phone(secret: string) {
  let last = -Infinity;
  return () => {
    const step = Math.max(totpStep(new Date()), last + 1);
    last = step;
    return totpCode(secret, step);
  };
}

/** Serious and critical accessibility findings of the screen as it is now. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const codeStep = (page: Page) =>
  page.getByRole('heading', { name: 'Two-factor sign-in', level: 1 });

test.describe.configure({ timeout: 60_000 });

test('a manager turns two-factor sign-in on by scanning, then signs in with a code and once with a recovery code', async ({
  page,
  playwright,
}) => {
  const { managerEmail, managerPassword, admin, manager } = await branchWithManager(playwright, {
    subscriptionType: 'yearly',
    activeDate: isoDate(0),
    deactiveDate: isoDate(364),
  });
  await Promise.all([admin.dispose(), manager.dispose()]);
  await loginInBrowser(page, managerEmail, managerPassword);
  await expect(page).toHaveURL(/\/usersidebar\/billing$/);

  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Two-factor sign-in' }).click();
  await expect(page).toHaveURL(/\/two-factor$/);
  await expect(page).toHaveTitle('Two-factor sign-in · TableFlow');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(
    page.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
  ).toBeVisible();
  // The phone takes the key shown under the QR code.
  const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const nextCode = phone(secret);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText(MESSAGES.twoFactor.codeInvalid)).toBeVisible();
  await page.getByLabel('Authentication code').fill(nextCode());
  await page.getByRole('button', { name: 'Turn on' }).click();

  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = await codes.first().innerText();
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await page.getByLabel('I have saved these codes').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(toast(page, MESSAGES.twoFactor.turnedOn)).toBeVisible();
  await expect(page).toHaveURL(/\/usersidebar\/billing$/);
  await logOut(page);

  // The password alone no longer signs in: the code step follows.
  await loginInBrowser(page, managerEmail, managerPassword);
  await expect(codeStep(page)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Authentication code').fill(nextCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/usersidebar\/billing$/);
  await logOut(page);

  // A lost phone: one recovery code, once.
  for (const attempt of ['first', 'again'] as const) {
    await loginInBrowser(page, managerEmail, managerPassword);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    if (attempt === 'first') {
      await expect(page).toHaveURL(/\/usersidebar\/billing$/);
      await openUserMenu(page);
      await page.getByRole('menuitem', { name: 'Two-factor sign-in' }).click();
      await expect(page.getByText('9 of 10 recovery codes left.')).toBeVisible();
      await page.goto('/usersidebar/billing');
      await logOut(page);
    } else {
      await expect(page.getByText(MESSAGES.twoFactor.recoveryCodeInvalid)).toBeVisible();
    }
  }
});

test("the super admin's login asks for the code, and the super admin resets a manager's two-factor sign-in", async ({
  page,
  playwright,
}) => {
  const { id, managerEmail, managerPassword, admin, manager } = await branchWithManager(
    playwright,
    { subscriptionType: 'yearly', activeDate: isoDate(0), deactiveDate: isoDate(364) },
  );
  // The manager turns it on through the API (the browser journey is the test above).
  const setup = await (await manager.post('/api/auth/two-factor/setup', { data: {} })).json();
  const enabled = await manager.post('/api/auth/two-factor/enable', {
    data: { code: phone(setup.secret)() },
  });
  expect(enabled.status()).toBe(200);
  await Promise.all([admin.dispose(), manager.dispose()]);

  // The admin's own login, typed: password, then the code step.
  await page.goto('/login');
  await page.getByLabel('Email ID').fill(DEMO.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(codeStep(page)).toBeVisible();
  await page.getByLabel('Authentication code').fill('12');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(MESSAGES.twoFactor.codeFormat)).toBeVisible();
  await page.getByLabel('Authentication code').fill(unusedDemoAdminCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  const code = `TC${id}`.slice(0, 20);
  await page.goto(`/branches?search=${code}`);
  const row = page.getByRole('row').filter({ hasText: code });
  await row.getByRole('button', { name: `Actions for branch ${code}` }).click();
  await page.getByRole('menuitem', { name: "Reset manager's two-factor sign-in" }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset' }).click();
  await expect(toast(page, /^Two-factor sign-in reset for /)).toBeVisible();

  // The manager signs in with the password alone again.
  const context = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const login = await context.post('/api/auth/login', {
    data: { email: managerEmail, password: managerPassword },
  });
  expect((await login.json()).user.twoFactorEnabled).toBe(false);
  await context.dispose();
});
