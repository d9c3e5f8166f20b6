import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../shared/messages';
import { navLinksFor } from '../shared/nav-links';
import { DEMO, loginInBrowser, logOut, openUserMenu } from './support/helpers';

/** Below 992 px the sidebar is a drawer. */
const WIDTHS = [360, 768, 1280] as const;

const ROLES = [
  {
    who: 'manager',
    account: DEMO.manager,
    name: 'Priya Sharma',
    role: 'Branch Manager',
    nav: 'Main',
    home: '/user-dashboard',
    screen: { path: '/staff', link: 'Staff', title: 'Staff · TableFlow' },
    links: navLinksFor('branch_manager').map((l) => l.label),
  },
  {
    who: 'staff',
    account: DEMO.staff,
    name: 'Asha Patil',
    role: 'Staff',
    nav: 'Main',
    home: '/user-dashboard',
    screen: { path: '/inventorydashboard', link: 'Inventory', title: /^.+ · TableFlow$/ },
    links: navLinksFor('staff').map((l) => l.label),
  },
  {
    who: 'super admin',
    account: DEMO.admin,
    name: 'Platform Admin',
    role: 'Super Admin',
    nav: 'Admin',
    home: '/admin-dashboard',
    screen: { path: '/branches', link: 'Branches', title: 'Branches · TableFlow' },
    links: ['Dashboard', 'Add A Branch', 'Branches'],
  },
] as const;

async function signIn(page: Page, account: { email: string; password: string }) {
  await loginInBrowser(page, account.email, account.password);
  await expect(page).not.toHaveURL(/\/login$/);
}

/** True when the element can take the keyboard's focus (it is not inert, hidden or disabled). */
const canFocus = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element: HTMLElement) => {
      element.focus();
      return document.activeElement === element;
    });

for (const width of WIDTHS) {
  for (const r of ROLES) {
    test(`the ${r.who}'s frame at ${width} px: links with the current one marked, account menu, logo home, title`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        viewport: { width, height: width === 768 ? 1024 : 800 },
        baseURL: test.info().project.use.baseURL,
      });
      const page = await context.newPage();
      await signIn(page, r.account);
      await page.goto(r.screen.path);
      await expect(page).toHaveTitle(r.screen.title);

      const nav = page.getByRole('navigation', { name: r.nav, includeHidden: true });
      const burger = page.getByRole('button', { name: 'Open navigation' });
      const drawer = width < 992;
      if (drawer) {
        // Closed drawer: out of sight and out of the tab order.
        await expect(nav).toHaveAttribute('inert', '');
        expect(await canFocus(page, `#tf-navbar a[href="${r.screen.path}"]`)).toBe(false);
        await page.keyboard.press('Tab');
        await expect(page.locator('#tf-navbar :focus')).toHaveCount(0);
        await burger.click();
        await expect(nav).not.toHaveAttribute('inert', '');
      } else {
        await expect(burger).toBeHidden();
      }
      for (const label of r.links) {
        await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
      }
      await expect(nav.getByRole('link', { name: r.screen.link, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      if (drawer) {
        expect(await canFocus(page, `#tf-navbar a[href="${r.screen.path}"]`)).toBe(true);
        // Escape closes the drawer; its links leave the tab order again.
        await page.keyboard.press('Escape');
        await expect(nav).toHaveAttribute('inert', '');
      }

      await openUserMenu(page);
      const menu = page.getByRole('menu');
      await expect(menu).toContainText(r.name);
      await expect(menu).toContainText(r.role);
      await expect(menu.getByRole('menuitem', { name: 'Change password' })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();

      await page.getByRole('banner').getByRole('link', { name: 'TableFlow' }).click();
      await expect(page).toHaveURL(new RegExp(`${r.home}$`));
      await context.close();
    });
  }
}

test('Change password in the account menu opens the change-password screen', async ({ page }) => {
  await signIn(page, DEMO.manager);
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page).toHaveTitle('Change password · TableFlow');
});

test('Log out in the account menu ends the session', async ({ page }) => {
  await signIn(page, DEMO.staff);
  await logOut(page);
  await page.goto('/user-dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown address answers HTTP 404 and shows the 404 page with a way on', async ({
  page,
}) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: MESSAGES.common.pageNotFound })).toBeVisible();
  await expect(page).toHaveTitle(`${MESSAGES.common.pageNotFound} · TableFlow`);
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);

  const known = await page.goto('/login');
  expect(known?.status()).toBe(200);
});

test('staff typing a manager address see the not-allowed page inside their frame', async ({
  page,
}) => {
  await signIn(page, DEMO.staff);
  await page.goto('/staff');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await expect(page).toHaveTitle('Not allowed · TableFlow');
  await expect(page.getByText(MESSAGES.auth.notAllowed)).toBeVisible();
  await expect(page.getByText('Ask your branch manager if you need it.')).toBeVisible();
  // No staff data, but the frame is there: the sidebar without a Staff link, the account menu.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Billing' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to my start page' }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);
});

test("a manager opening the super admin's area is told it is not one of the branch's screens", async ({
  page,
}) => {
  await signIn(page, DEMO.manager);
  await page.goto('/branches');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await expect(page).toHaveTitle('Not allowed · TableFlow');
  await expect(page.getByText('It is not one of your branch’s screens.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
