import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { navLinksFor } from '../shared/nav-links';
import { paths } from '../shared/routes';
import { DEMO, loginInBrowser, signedInAt, watchConsole } from './support/helpers';

// axe takes several seconds a screen on a busy machine (9 s on a report with charts, two
// workers on two cores); the walks below visit up to eleven screens.
test.describe.configure({ timeout: 120_000 });
/** The time a walk of `count` screens may take: sign-in, then up to 20 s a screen. */
const walkTimeout = (count: number) => 30_000 + count * 20_000;

/** Serious and critical axe findings on the page as it is now, one line each. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Waits until the screen has drawn its content (no loading status left). */
/**
 * Waits until the element has finished fading or sliding in: axe measures colours as they are
 * painted, and a menu caught mid-fade has text at half its contrast.
 */
async function transitionsDone(locator: Locator) {
  await expect
    .poll(() =>
      locator.evaluate(
        (el) =>
          getComputedStyle(el).opacity === '1' &&
          el.getAnimations({ subtree: true }).every((a) => a.playState === 'finished'),
      ),
    )
    .toBe(true);
}

async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

const SIGNED_IN = [
  {
    who: 'manager',
    account: DEMO.manager,
    screens: [
      '/user-dashboard',
      ...navLinksFor('branch_manager').map((l) => l.path),
      paths.addonGroups,
      paths.kitchenSettings,
      paths.printerSettings,
    ],
  },
  {
    who: 'kitchen display',
    // The demo's wall tablet account (server/demo): its display, then a screen it may not open.
    account: { email: 'kitchen@demo.cafe', password: 'Kitchen@1234' },
    screens: [paths.kitchen, paths.products],
  },
  {
    who: 'staff',
    account: DEMO.staff,
    // The last one is a manager's screen: the not-allowed page.
    screens: ['/user-dashboard', ...navLinksFor('staff').map((l) => l.path), '/staff'],
  },
  {
    who: 'super admin',
    account: DEMO.admin,
    screens: ['/admin-dashboard', '/admin', '/branches'],
  },
] as const;

for (const width of [360, 1280]) {
  for (const { who, account, screens } of SIGNED_IN) {
    test(`every screen of the ${who} at ${width} px has no serious accessibility problem and no console warning`, async ({
      browser,
    }) => {
      test.setTimeout(walkTimeout(screens.length));
      const context = await browser.newContext({
        viewport: { width, height: 800 },
        baseURL: test.info().project.use.baseURL,
      });
      const page = await context.newPage();
      const consoleMessages = watchConsole(page, { withUrl: true });
      await loginInBrowser(page, account.email, account.password);
      await expect(page).not.toHaveURL(/\/login$/);
      const found: string[] = [];
      for (const screen of screens) {
        await page.goto(screen);
        await settled(page);
        found.push(...(await seriousViolations(page)).map((v) => `${screen}: ${v}`));
      }
      expect(found, found.join('\n')).toEqual([]);
      expect(consoleMessages, consoleMessages.join('\n')).toEqual([]);
      await context.close();
    });
  }
}

// axe's label-content-name-mismatch is an experimental rule, off by default: a control whose
// accessible name does not contain its visible label cannot be used by speaking what it says
// (voice control). On here for the Staff screen's own content: its cards (phones) or table
// (wider) with every member's switch and buttons, and the add form.
const nameMismatches = async (page: Page, include: string) => {
  const results = await new AxeBuilder({ page })
    .include(include)
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withRules(['label-content-name-mismatch'])
    .analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id}: ${n.html}: ${n.failureSummary ?? ''}`),
  );
};

for (const width of [360, 1280]) {
  test(`the Staff screen at ${width} px: every control's name contains its visible label`, async ({
    browser,
  }) => {
    const { context, page } = await signedInAt(browser, width, DEMO.manager);
    await page.goto('/staff');
    await settled(page);
    await expect(page.getByText('Asha Patil').first()).toBeVisible();
    expect(await nameMismatches(page, 'main'), 'list').toEqual([]);
    await page.getByRole('button', { name: 'Add Staff' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Staff' })).toHaveCSS('opacity', '1');
    expect(await nameMismatches(page, '[role="dialog"]'), 'add form').toEqual([]);
    await context.close();
  });
}

// The frame's account button shows the name and the role (wider screens) or the initials
// (phones); its name starts with what it shows.
for (const width of [360, 1280]) {
  test(`the account button's name contains what it shows at ${width} px`, async ({ browser }) => {
    const { context, page } = await signedInAt(browser, width, DEMO.manager);
    await page.goto('/staff');
    await settled(page);
    expect(await nameMismatches(page, '.tf-header')).toEqual([]);
    await context.close();
  });
}

test('the account menu and the open drawer have no serious accessibility problem', async ({
  browser,
}) => {
  const { context, page } = await signedInAt(browser, 360, DEMO.manager);
  await page.goto('/staff');
  await settled(page);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await transitionsDone(page.getByRole('navigation', { name: 'Main' }));
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /: account menu$/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await transitionsDone(page.getByRole('menu'));
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

for (const path of ['/login', '/forgot-password', '/reset-password?token=not-a-real-token']) {
  test(`${path} has no serious accessibility problem and no console warning`, async ({ page }) => {
    const consoleMessages = watchConsole(page, { withUrl: true });
    await page.goto(path);
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleMessages, consoleMessages.join('\n')).toEqual([]);
  });
}

test('the change-password screen has no serious accessibility problem', async ({ page }) => {
  const consoleMessages = watchConsole(page, { withUrl: true });
  await loginInBrowser(page, DEMO.staff.email, DEMO.staff.password);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/change-password');
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  expect(consoleMessages, consoleMessages.join('\n')).toEqual([]);
});

test('the 404 page has no serious accessibility problem', async ({ page }) => {
  await page.goto('/no-such-page');
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test("login puts the cursor in 'Email ID'", async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Email ID')).toBeFocused();
});

test('the show/hide password toggles are reached with Tab and work from the keyboard', async ({
  page,
}) => {
  await page.goto('/login');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('secret-pass');
  await password.focus();
  await page.keyboard.press('Tab');
  const toggle = page.getByRole('button', { name: 'Show or hide the password' });
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Space');
  await expect(password).toHaveAttribute('type', 'text');

  await loginInBrowser(page, DEMO.staff.email, DEMO.staff.password);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/change-password');
  const fields = page.locator('input[type="password"]');
  await expect(fields).toHaveCount(3);
  for (let i = 0; i < 3; i += 1) {
    await fields.nth(i).focus();
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('button', { name: 'Show or hide the password' }).nth(i),
    ).toBeFocused();
  }
});
