import { readdirSync, readFileSync } from 'node:fs';
import {
  expect,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { DEMO_ADMIN_TOTP_SECRET } from '../../server/demo/seed';
import { totpCode, totpStep } from '../../server/modules/auth/auth.totp';
import { E2E_BASE_URL, E2E_MAIL_DIR } from './env';

export const DEMO = {
  admin: { email: 'admin@tableflow.in', password: 'Admin@1234' },
  manager: { email: 'manager@demo.cafe', password: 'Manager@1234' },
  staff: { email: 'asha@demo.cafe', password: 'Staff@1234' },
};

let counter = 0;
/** Unique per test run and worker, so tests never collide on codes or emails. */
export const uniqueSuffix = () => `${Date.now().toString(36)}${process.pid % 1000}${++counter}`;

/**
 * The demo super admin signs in with a code of two-factor sign-in, and the server takes each
 * 30-second code once: more admin logins than that in a run cannot all type one. So the global
 * setup signs the demo admin in once (signInDemoAdmin) and every test that logs in as the demo
 * admin shares that session (E2E_ADMIN_SESSION). The login screen's code step itself is tested
 * in two-factor.spec.ts.
 */
export async function signInDemoAdmin(): Promise<{ session: string; step: number }> {
  const post = (path: string, body: object, cookie?: string) =>
    fetch(`${E2E_BASE_URL}/api/auth/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const cookieOf = (response: Response, name: string) =>
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${name}=`))
      ?.split(';')[0];
  const first = await post('login', DEMO.admin);
  const step = totpStep(new Date());
  const second = await post(
    'login/two-factor',
    { code: totpCode(DEMO_ADMIN_TOTP_SECRET, step) },
    cookieOf(first, 'tf_pending'),
  );
  if (!second.ok) throw new Error(`demo admin sign-in: ${second.status} ${await second.text()}`);
  return { session: cookieOf(second, 'tf_session')!.slice('tf_session='.length), step };
}

const isDemoAdmin = (email: string, password: string) =>
  email === DEMO.admin.email && password === DEMO.admin.password;

function demoAdminSession() {
  const session = process.env.E2E_ADMIN_SESSION;
  if (!session) throw new Error('The global setup signs the demo admin in (E2E_ADMIN_SESSION)');
  return session;
}

/**
 * A code of the demo admin's app that this run has not used yet (the global setup used one):
 * for a test of the login screen's code step.
 */
export function unusedDemoAdminCode(): string {
  const now = totpStep(new Date());
  const step = Math.max(now, Number(process.env.E2E_ADMIN_LAST_STEP) + 1);
  expect(step, 'no unused code of the demo admin in this minute').toBeLessThanOrEqual(now + 1);
  process.env.E2E_ADMIN_LAST_STEP = String(step);
  return totpCode(DEMO_ADMIN_TOTP_SECRET, step);
}

/** Signs in on the login screen; the demo admin takes the run's session (see signInDemoAdmin). */
export async function loginInBrowser(
  page: Page,
  email: string,
  password: string,
  remember = false,
) {
  if (isDemoAdmin(email, password)) {
    await page
      .context()
      .addCookies([
        { name: 'tf_session', value: demoAdminSession(), url: E2E_BASE_URL, httpOnly: true },
      ]);
    // Where the login screen sends the super admin.
    await page.goto('/admin');
    return;
  }
  await page.goto('/login');
  await page.getByLabel('Email ID').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember Me').check();
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * A browser window of its own (own cookies) `width` px wide, signed in as `account`: for screens
 * checked at several widths. Close its `context` at the end.
 */
export async function signedInAt(
  browser: Browser,
  width: number,
  account: { email: string; password: string },
) {
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    baseURL: E2E_BASE_URL,
  });
  const page = await context.newPage();
  await loginInBrowser(page, account.email, account.password);
  await expect(page).not.toHaveURL(/\/login$/);
  return { context, page };
}

/**
 * An API session of its own (a separate cookie jar) for arranging data; the demo admin's is the
 * run's session (see signInDemoAdmin).
 */
export async function apiAs(
  playwright: { request: { newContext(o: object): Promise<APIRequestContext> } },
  email: string,
  password: string,
  /** Another server than the run's (a test's own, to stop and start). */
  baseURL = E2E_BASE_URL,
) {
  if (isDemoAdmin(email, password)) {
    const { hostname } = new URL(E2E_BASE_URL);
    return playwright.request.newContext({
      baseURL: E2E_BASE_URL,
      storageState: {
        cookies: [
          {
            name: 'tf_session',
            value: demoAdminSession(),
            domain: hostname,
            path: '/',
            expires: -1,
            httpOnly: true,
            secure: false,
            sameSite: 'Lax',
          },
        ],
        origins: [],
      },
    });
  }
  const context = await playwright.request.newContext({ baseURL });
  const response = await context.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return context;
}

export const isoDate = (offsetDays = 0) => {
  // Business dates are Asia/Kolkata; the tests stay clear of midnight by using whole days.
  const d = new Date(Date.now() + 5.5 * 3600_000 + offsetDays * 86_400_000);
  return d.toISOString().slice(0, 10);
};

/** '22-11-2026' for '2026-11-22': the date fields show and take dates day first. */
export const dayFirst = (iso: string) => iso.split('-').reverse().join('-');

/**
 * Types a date into a date field day first, as a person in India would, then leaves the field
 * (Tab, which also closes its calendar; Escape would close a dialog around it too).
 */
export async function typeDate(field: Locator, iso: string) {
  await field.fill(dayFirst(iso));
  await field.press('Tab');
}

/** A toast (Mantine notification) holding `text`. */
export const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('alert').filter({ hasText: text });

/** Picks `option` in a Mantine select or multi-select found by its label. */
export async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

/** The newest mail the SMTP sink received for `to` (decoded quoted-printable text). */
export async function latestMailTo(to: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const files = readdirSync(E2E_MAIL_DIR)
          .filter((f) => f.endsWith(`-${to}.eml`))
          .sort();
        found = files.at(-1);
        return found;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return readFileSync(`${E2E_MAIL_DIR}/${found}`, 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

type PlaywrightLike = Parameters<typeof apiAs>[0];

/**
 * A new branch made through the API as the demo super admin, whose manager has already
 * replaced the temporary password; answers the admin's and the manager's API sessions.
 */
export async function branchWithManager(
  playwright: PlaywrightLike,
  plan: { subscriptionType: string; activeDate: string; deactiveDate: string },
) {
  const id = uniqueSuffix();
  const managerEmail = `owner${id}@example.com`;
  const managerPassword = 'Owner-pass-123';
  const admin = await apiAs(playwright, DEMO.admin.email, DEMO.admin.password);
  const created = await admin.post('/api/branches', {
    data: {
      branchName: `Test Cafe ${id}`,
      branchCode: `TC${id}`.slice(0, 20),
      ownerName: 'Anil Rao',
      email: managerEmail,
      password: 'Temp-pass-123',
      location: 'Pune',
      ...plan,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const branchId = ((await created.json()) as { id: string }).id;
  const manager = await apiAs(playwright, managerEmail, 'Temp-pass-123');
  const changed = await manager.post('/api/auth/change-password', {
    data: { currentPassword: 'Temp-pass-123', newPassword: managerPassword },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  return { id, branchId, admin, manager, managerEmail, managerPassword };
}

/** Opens the header's account menu (name, role, Change password, Log out). */
export async function openUserMenu(page: Page) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /: account menu$/ })
    .click();
  await expect(page.getByRole('menu')).toBeVisible();
}

/** Logs out through the account menu; ends on the login screen. */
export async function logOut(page: Page) {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * A browser context whose print dialogs are counted and closed at once, as the browser's would
 * be: `printsIn(page)` reads how many a page opened.
 */
export async function contextCountingPrints(browser: Browser, width = 1280) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    baseURL: E2E_BASE_URL,
  });
  await context.addInitScript(() => {
    const counted = window as Window & { printed?: number };
    counted.printed = 0;
    window.print = () => {
      counted.printed! += 1;
      window.dispatchEvent(new Event('afterprint'));
    };
  });
  return context;
}

export const printsIn = (page: Page) =>
  page.evaluate(() => (window as Window & { printed?: number }).printed ?? 0);

/** Playwright's own notice when it blocks the app's service worker (playwright.config.ts). */
const SERVICE_WORKER_BLOCKED = 'Service Worker registration blocked by Playwright';

/**
 * What the page logs as a problem (console warnings and errors, uncaught errors), there must be
 * none; `withUrl` prefixes each with the page's address.
 */
export function watchConsole(page: Page, { withUrl = false } = {}): string[] {
  const problems: string[] = [];
  const add = (text: string) => problems.push(withUrl ? `${page.url()}: ${text}` : text);
  page.on('console', (message) => {
    if (message.type() !== 'warning' && message.type() !== 'error') return;
    if (message.text() !== SERVICE_WORKER_BLOCKED) add(message.text());
  });
  page.on('pageerror', (error) => add(String(error)));
  return problems;
}

/** An API answer with the status expected (its body in the failure), as JSON. */
export async function ok<T>(response: Promise<APIResponse>, status = 200): Promise<T> {
  const answer = await response;
  expect(answer.status(), await answer.text()).toBe(status);
  return (await answer.json()) as T;
}
