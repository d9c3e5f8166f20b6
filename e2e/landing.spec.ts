import { expect, test, type Page } from '@playwright/test';
import { LABELS, MESSAGES } from '../shared/messages';
import { demoRequestBodySchema } from '../shared/schemas/demo-requests.schemas';

// Titled as a free demo, or as a purchase when a plan's 'Buy Now' opened it.
const DEMO_DIALOG = /^(Book your free demo|Buy the (Basic|Super|Premium) plan)$/;
const FIELD_LABELS = {
  name: 'Name',
  businessName: 'Business Name',
  contactNumber: 'Contact Number',
  email: 'Email',
};
type DemoField = keyof typeof FIELD_LABELS;
const SECTIONS = ['home', 'services', 'features', 'pricing', 'contact', 'blog'] as const;

const demoDialog = (page: Page) => page.getByRole('dialog', { name: DEMO_DIALOG });

/**
 * True once the section sits just under the sticky header, or, for a section too close to the
 * end of the page to reach the top, once the page is scrolled to the end with it in view.
 */
function sectionInPlace(page: Page, id: string) {
  return page.evaluate((sectionId) => {
    const box = document.getElementById(sectionId)!.getBoundingClientRect();
    const { scrollHeight } = document.documentElement;
    const atEnd = Math.ceil(window.scrollY + window.innerHeight) >= scrollHeight - 1;
    const nearTop = box.top >= 0 && box.top <= 100;
    return nearTop || (atEnd && box.top >= 0 && box.bottom <= window.innerHeight + 1);
  }, id);
}

async function fillDemoForm(page: Page, values: Record<DemoField, string>) {
  const dialog = demoDialog(page);
  for (const [field, label] of Object.entries(FIELD_LABELS)) {
    await dialog.getByLabel(label, { exact: true }).fill(values[field as DemoField]);
  }
}

/** True when the two boxes share any area. */
const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Sends a valid demo request (answered 201 without reaching the server) and shows its toast. */
async function showDemoToast(page: Page) {
  await page.route('**/api/demo-requests', (route) =>
    route.fulfill({ status: 201, json: { ok: true } }),
  );
  await page.goto('/');
  await page.getByRole('button', { name: LABELS.landing.tryForFree }).click();
  await fillDemoForm(page, RAVI);
  await demoDialog(page).getByRole('button', { name: LABELS.demo.submit }).click();
  const toast = page.getByRole('status').filter({ hasText: MESSAGES.demo.sent });
  await expect(toast).toBeVisible();
  await expect(demoDialog(page)).toBeHidden();
  return toast;
}

const RAVI = {
  name: 'Ravi Kumar',
  businessName: 'Ravi Tiffin Centre',
  contactNumber: '+91 98450 12345',
  email: 'ravi@tiffin.example',
};

test.describe('landing page on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('every navigation anchor scrolls its section into view', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // Start at the end of the page so that even Home has somewhere to scroll to.
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
    );
    for (const [index, label] of LABELS.landing.nav.entries()) {
      const id = SECTIONS[index]!;
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect
        .poll(() => sectionInPlace(page, id), { message: `${label} scrolls to #${id}` })
        .toBe(true);
    }
  });

  test('the Login button leads to /login', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: LABELS.landing.login }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("'Try For Free', 'Get Free Trial' and 'Buy Now' open the demo form", async ({ page }) => {
    await page.goto('/');
    const openers = [
      [page.getByRole('button', { name: LABELS.landing.tryForFree }), 'Book your free demo'],
      [page.getByRole('button', { name: LABELS.landing.getFreeTrial }), 'Book your free demo'],
      [page.getByRole('button', { name: LABELS.landing.buyNow }).first(), 'Buy the Basic plan'],
      [page.getByRole('button', { name: LABELS.landing.buyNow }).last(), 'Buy the Premium plan'],
    ] as const;
    for (const [opener, title] of openers) {
      await opener.click();
      await expect(page.getByRole('dialog', { name: title, exact: true })).toBeVisible();
      await expect(demoDialog(page).getByLabel('Name', { exact: true })).toBeFocused();
      await demoDialog(page).getByRole('button', { name: 'Close' }).click();
      await expect(demoDialog(page)).toBeHidden();
      await expect(opener).toBeFocused();
    }
    // Escape closes it as well.
    await page.getByRole('button', { name: LABELS.landing.tryForFree }).click();
    await expect(demoDialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(demoDialog(page)).toBeHidden();
  });

  test('a demo request is sent, confirmed by a toast, and the form starts empty again', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: LABELS.landing.tryForFree }).click();
    await fillDemoForm(page, RAVI);

    const requestSent = page.waitForRequest('**/api/demo-requests');
    await demoDialog(page).getByRole('button', { name: LABELS.demo.submit }).click();
    const request = await requestSent;
    expect(request.method()).toBe('POST');
    expect(request.headers()['content-type']).toBe('application/json');
    expect(request.postDataJSON()).toEqual({ ...RAVI, website: '' });
    expect((await request.response())?.status()).toBe(201);

    const toast = page.getByRole('status').filter({ hasText: MESSAGES.demo.sent });
    await expect(toast).toBeVisible();
    await expect(demoDialog(page)).toBeHidden();

    await page.getByRole('button', { name: LABELS.landing.getFreeTrial }).click();
    const dialog = demoDialog(page);
    for (const label of ['Business Name', 'Contact Number', 'Email']) {
      await expect(dialog.getByLabel(label)).toHaveValue('');
    }
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Spec section 9: the toast closes itself after 5 seconds.
    await expect(toast).toBeHidden({ timeout: 7_000 });
  });

  test('an empty or wrong form shows the messages under the fields and sends nothing', async ({
    page,
  }) => {
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/demo-requests')) sent += 1;
    });
    await page.goto('/');
    await page.getByRole('button', { name: LABELS.landing.tryForFree }).click();
    const dialog = demoDialog(page);
    await dialog.getByRole('button', { name: LABELS.demo.submit }).click();

    // The same messages as the server's schema gives for an empty body, each one under its
    // own field and read out with it.
    const empty = { name: '', businessName: '', contactNumber: '', email: '', website: '' };
    const parsed = demoRequestBodySchema.safeParse(empty);
    if (parsed.success) throw new Error('the schema accepts an empty demo request');
    expect(parsed.error.issues.map((issue) => issue.path[0])).toEqual(Object.keys(FIELD_LABELS));
    for (const issue of parsed.error.issues) {
      const field = dialog.getByLabel(FIELD_LABELS[issue.path[0] as DemoField], { exact: true });
      await expect(dialog.getByText(issue.message, { exact: true })).toBeVisible();
      await expect(field).toHaveAccessibleDescription(issue.message);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();

    await fillDemoForm(page, { ...RAVI, email: 'ravi-at-tiffin' });
    await dialog.getByRole('button', { name: LABELS.demo.submit }).click();
    await expect(dialog.getByText(MESSAGES.validation.invalidEmail, { exact: true })).toBeVisible();
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await expect(
      dialog.getByText(MESSAGES.validation.required('Name'), { exact: true }),
    ).toBeHidden();

    expect(sent).toBe(0);
  });

  test("'Buy Now' of a plan sends that plan with the request", async ({ page }) => {
    await page.goto('/');
    const superCard = page
      .locator('#pricing')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Super' }) });
    await superCard.getByRole('button', { name: LABELS.landing.buyNow }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy the Super plan' });
    await expect(dialog).toContainText('₹3,799 for 6 months');
    const id = Date.now().toString(36);
    await fillDemoForm(page, { ...RAVI, email: `ravi.${id}@tiffin.example` });
    const requestSent = page.waitForRequest('**/api/demo-requests');
    await dialog.getByRole('button', { name: LABELS.demo.submit }).click();
    const request = await requestSent;
    expect(request.postDataJSON()).toMatchObject({ plan: 'super' });
    expect((await request.response())?.status()).toBe(201);
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.demo.sent })).toBeVisible();
  });

  test('a refusal for too many requests from one network says so plainly', async ({ page }) => {
    const sentence =
      'Too many requests have come from your network in the last hour. Please try again in an hour.';
    await page.route('**/api/demo-requests', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'demo_requests.too_many', message: sentence } }),
      }),
    );
    await page.goto('/');
    await page.getByRole('button', { name: LABELS.landing.tryForFree }).click();
    await fillDemoForm(page, RAVI);
    const dialog = demoDialog(page);
    await dialog.getByRole('button', { name: LABELS.demo.submit }).click();
    await expect(dialog.getByRole('alert')).toHaveText(sentence);
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(RAVI.name);
  });

  test('a failed request keeps what was typed and shows the error line', async ({ page }) => {
    await page.route('**/api/demo-requests', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong' } }),
      }),
    );
    await page.goto('/');
    await page.getByRole('button', { name: LABELS.landing.buyNow }).first().click();
    await fillDemoForm(page, RAVI);
    const dialog = demoDialog(page);
    await dialog.getByRole('button', { name: LABELS.demo.submit }).click();

    await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.demo.sendFailed);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(RAVI.name);
    await expect(dialog.getByLabel('Business Name')).toHaveValue(RAVI.businessName);
    await expect(dialog.getByLabel('Contact Number')).toHaveValue(RAVI.contactNumber);
    await expect(dialog.getByLabel('Email')).toHaveValue(RAVI.email);
    await expect(dialog.getByRole('button', { name: LABELS.demo.submit })).toBeEnabled();
  });

  test("the server's field messages are shown under their fields", async ({ page }) => {
    await page.route('**/api/demo-requests', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Enter a valid contact number',
            fields: { contactNumber: 'Enter a valid contact number' },
          },
        }),
      }),
    );
    await page.goto('/');
    await page.getByRole('button', { name: LABELS.landing.tryForFree }).click();
    await fillDemoForm(page, RAVI);
    const dialog = demoDialog(page);
    await dialog.getByRole('button', { name: LABELS.demo.submit }).click();
    await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.demo.sendFailed);
    await expect(dialog.getByText('Enter a valid contact number')).toBeVisible();
    await expect(dialog.getByLabel('Contact Number')).toHaveAttribute('aria-invalid', 'true');
  });

  test('the toast shows top-right, below the header, and covers none of it', async ({ page }) => {
    const toast = await showDemoToast(page);
    const header = (await page.getByRole('banner').boundingBox())!;
    const box = (await toast.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(box.x + box.width).toBeGreaterThan(1280 - 40);
  });

  test('the page claims only what the product does', async ({ page }) => {
    await page.goto('/');
    // The hero's tablet once said 'Kitchen synced' (no kitchen screen exists yet), its bill a
    // guest count, the sales chart a week-on-week rise, the report list totals 'for every
    // shift' (there are no shifts) and a testimonial an order list TableFlow does not make.
    const main = page.getByRole('main');
    await expect(page.getByRole('img', { name: /^A TableFlow billing tablet/ })).toBeVisible();
    for (const claim of [/kitchen/i, /guests/i, /▲/, /for every shift/i, /what I need to order/i]) {
      await expect(main).not.toContainText(claim);
    }
    await expect(page.locator('#home')).toContainText('6 open · 2 due');
    await expect(main).toContainText(
      'Cash, card, UPI and dues totals for any day or range of dates',
    );
  });

  test('the pricing table shows the three plans with their prices', async ({ page }) => {
    await page.goto('/');
    const pricing = page.locator('#pricing');
    for (const [plan, price, period] of [
      ['Basic', '₹1,500', 'per 3 months'],
      ['Super', '₹3,799', 'per 6 months'],
      ['Premium', '₹6,999', 'per 12 months'],
    ]) {
      const card = pricing
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: plan }) });
      await expect(card).toContainText(price!);
      await expect(card).toContainText(period!);
      await expect(card.getByRole('button', { name: LABELS.landing.buyNow })).toBeVisible();
      // A dearer plan never gives less: every plan lists the devices and support of Basic.
      await expect(card).toContainText('Unlimited Devices');
      await expect(card).toContainText('Free Support');
    }
  });

  test("an unknown path shows '404 Not Found'", async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByText(MESSAGES.common.pageNotFound)).toBeVisible();
  });
});

test.describe('landing page on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  const hasHorizontalScroll = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

  test('nothing scrolls sideways, with the menu or the form open', async ({ page }) => {
    await page.goto('/');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: LABELS.landing.tryForFree }).click();
    await expect(demoDialog(page)).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test('the toast sits at the bottom and covers none of the header or its menu button', async ({
    page,
  }) => {
    const toast = await showDemoToast(page);
    const box = (await toast.boundingBox())!;
    for (const part of [page.getByRole('banner'), page.getByRole('button', { name: 'Menu' })]) {
      expect(overlaps(box, (await part.boundingBox())!)).toBe(false);
    }
    expect(box.y + box.height).toBeGreaterThan(740 - 40);
    // The menu button still works while the toast shows.
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  test('the menu opens, closes on choosing a section and scrolls to it', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const pricingLink = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Pricing' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(pricingLink).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await pricingLink.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(pricingLink).toBeHidden();
    await expect.poll(() => sectionInPlace(page, 'pricing')).toBe(true);

    // Escape closes it too, and gives focus back to the toggle.
    await toggle.click();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  });
});
