import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './support/env';
import { apiAs, branchWithManager, isoDate, loginInBrowser, ok, toast } from './support/helpers';

/**
 * The kitchen (issue 21, docs/kitchen.md): a waiter on a phone sends two rounds of a table's
 * order; the kitchen display, signed in on a second device as the branch's kitchen account,
 * shows them without a reload, split by station, and bumps them; the waiter's order screen says
 * "Ready" and the waiter is told. On a branch of its own, so its tickets are the only ones.
 */

/** A staff or kitchen account of the branch, its temporary password already changed. */
async function account(
  manager: APIRequestContext,
  playwright: Parameters<typeof apiAs>[0],
  who: { name: string; email: string; role: 'staff' | 'kitchen' },
) {
  await ok(
    manager.post('/api/staff', {
      data: {
        ...who,
        password: 'Temp-pass-123',
        activeDate: isoDate(0),
        deactiveDate: isoDate(30),
      },
    }),
    201,
  );
  const own = await apiAs(playwright, who.email, 'Temp-pass-123');
  await ok(
    own.post('/api/auth/change-password', {
      data: { currentPassword: 'Temp-pass-123', newPassword: 'Own-pass-1234' },
    }),
  );
  await own.dispose();
  return { email: who.email, password: 'Own-pass-1234' };
}

/** A browser window of its own of `width` × `height`, signed in on the login screen. */
async function device(
  browser: import('@playwright/test').Browser,
  viewport: { width: number; height: number },
  login: { email: string; password: string },
  phone = false,
) {
  const context = await browser.newContext({
    viewport,
    baseURL: E2E_BASE_URL,
    ...(phone ? { hasTouch: true, isMobile: true } : {}),
  });
  const page = await context.newPage();
  await loginInBrowser(page, login.email, login.password);
  return { context, page };
}

/** The display's ticket of a table's KOT at a station. */
const ticket = (page: Page, kot: number, station: string) =>
  page
    .getByRole('article')
    .filter({ hasText: `KOT ${kot}` })
    .filter({ hasText: station });

test('a waiter sends two rounds; the kitchen display shows them live, split by station, and bumps them; the waiter sees Ready', async ({
  browser,
  playwright,
}) => {
  test.slow();
  const { id, manager } = await branchWithManager(playwright, {
    subscriptionType: 'monthly',
    activeDate: isoDate(0),
    deactiveDate: isoDate(30),
  });
  // Two stations; drinks are made at the bar, the rest in the kitchen (the first station).
  const kitchen = await ok<{ id: string }>(
    manager.post('/api/kitchen/stations', { data: { name: 'Kitchen', position: 0 } }),
    201,
  );
  const bar = await ok<{ id: string }>(
    manager.post('/api/kitchen/stations', { data: { name: 'Bar', position: 1 } }),
    201,
  );
  expect(kitchen.id).not.toBe(bar.id);
  for (const [name, subcategory, pricePaise] of [
    ['Paneer Tikka', 'Starters', 24_000],
    ['Lime Soda', 'Drinks', 9_000],
  ] as const) {
    await ok(manager.post('/api/products', { data: { name, subcategory, pricePaise } }), 201);
  }
  await ok(
    manager.put('/api/kitchen/routes', {
      data: { routes: [{ subcategory: 'Drinks', stationId: bar.id }] },
    }),
  );
  const table = await ok<{ id: string; label: string }>(
    manager.post('/api/tables', { data: { label: 'T1' } }),
    201,
  );
  const waiter = await account(manager, playwright, {
    name: 'Asha',
    email: `asha${id}@example.com`,
    role: 'staff',
  });
  const cook = await account(manager, playwright, {
    name: 'Kitchen tablet',
    email: `kds${id}@example.com`,
    role: 'kitchen',
  });

  // The kitchen's wall tablet: its login lands on the display, in a frame without the sidebar.
  const kds = await device(browser, { width: 1280, height: 800 }, cook);
  await expect(kds.page).toHaveURL(/\/kitchen$/);
  await expect(kds.page.getByRole('heading', { level: 1, name: 'Kitchen' })).toBeVisible();
  await expect(kds.page.getByText('No open tickets')).toBeVisible();
  await expect(kds.page.getByRole('navigation')).toHaveCount(0);
  await expect(kds.page.getByText('Live', { exact: true })).toBeVisible();

  // The waiter's phone: two Paneer Tikka and a Lime Soda, then Send to kitchen.
  const phone = await device(browser, { width: 360, height: 800 }, waiter, true);
  await expect(phone.page).toHaveURL(/\/usersidebar\/billing$/);
  await phone.page.goto(`/table/${table.id}`);
  const paneer = phone.page.getByRole('button', { name: 'Add Paneer Tikka', exact: true });
  await paneer.tap();
  await paneer.tap();
  await phone.page.getByRole('button', { name: 'Add Lime Soda', exact: true }).tap();
  await phone.page.getByRole('button', { name: /^View order: 3 items/ }).tap();
  const sheet = phone.page.getByRole('dialog', { name: /^T1 · / });
  const send = sheet.getByTestId('send-to-kitchen');
  await expect(send).toHaveText('Send to kitchen (3)');
  await send.tap();
  await expect(toast(phone.page, 'KOT 1 sent')).toBeVisible();
  await expect(send).toBeDisabled();
  await expect(sheet.getByTestId('line-kitchen')).toHaveText(['Kitchen: Sent', 'Kitchen: Sent']);

  // Without a reload: KOT 1 as two tickets, one a station.
  const kot1Kitchen = ticket(kds.page, 1, 'Kitchen').filter({ hasText: 'Paneer Tikka' });
  const kot1Bar = ticket(kds.page, 1, 'Bar').filter({ hasText: 'Lime Soda' });
  await expect(kot1Kitchen).toBeVisible();
  await expect(kot1Kitchen).toContainText('2×');
  await expect(kot1Kitchen).toContainText('T1');
  await expect(kot1Kitchen).toContainText('Asha');
  await expect(kot1Bar).toBeVisible();
  await expect(kds.page.getByTestId('kds-count')).toHaveText('2 open tickets');

  // The second round: one more Paneer Tikka, sent as KOT 2.
  await sheet.getByRole('button', { name: 'One more Paneer Tikka' }).tap();
  await expect(send).toHaveText('Send to kitchen (1)');
  await expect(sheet.getByTestId('line-kitchen').first()).toHaveText('Kitchen: Sent · 1 to send');
  await send.tap();
  await expect(toast(phone.page, 'KOT 2 sent')).toBeVisible();
  const kot2 = ticket(kds.page, 2, 'Kitchen');
  await expect(kot2).toBeVisible();
  await expect(kot2).toContainText('1×');
  await expect(kds.page.getByTestId('kds-count')).toHaveText('3 open tickets');

  // The station filter: the bar sees its ticket alone (remembered on the device).
  const stations = kds.page.getByRole('group', { name: 'Station' });
  await stations.getByText('Bar', { exact: true }).click();
  await expect(kds.page.getByRole('article')).toHaveCount(1);
  await expect(kot1Bar).toBeVisible();
  await kds.page.reload();
  await expect(kds.page.getByRole('radio', { name: 'Bar' })).toBeChecked();
  await stations.getByText('All stations', { exact: true }).click();
  await expect(kds.page.getByRole('article')).toHaveCount(3);

  // KOT 1's kitchen ticket: its item tapped to preparing, then ready: the ticket leaves.
  const tikka = kot1Kitchen.getByRole('button', { name: /Paneer Tikka/ });
  await tikka.click();
  await expect(tikka).toContainText('Preparing');
  await expect(phone.page.getByTestId('line-kitchen').first()).toContainText('Preparing');
  await tikka.click();
  await expect(kot1Kitchen).toHaveCount(0);
  // KOT 2 and the bar's ticket bumped whole.
  await kot2.getByRole('button', { name: 'Bump KOT 2 of T1' }).click();
  await kot1Bar.getByRole('button', { name: 'Bump KOT 1 of T1' }).click();
  await expect(kds.page.getByText('No open tickets')).toBeVisible();

  // Recall brings the last one back (the bar's); bumped again.
  await expect
    .poll(async () => {
      const read = await ok<{ lastBumped: { stationName: string } | null }>(
        manager.get('/api/kitchen/tickets'),
      );
      return read.lastBumped?.stationName;
    })
    .toBe('Bar');
  await kds.page.getByRole('button', { name: 'Recall KOT 1 of T1' }).click();
  await expect(kot1Bar).toBeVisible();
  await kot1Bar.getByRole('button', { name: 'Bump KOT 1 of T1' }).click();
  await expect(kds.page.getByText('No open tickets')).toBeVisible();

  // The waiter sees every line ready, and was told.
  await expect(sheet.getByTestId('line-kitchen')).toHaveText(['Kitchen: Ready', 'Kitchen: Ready']);
  await expect(toast(phone.page, 'T1: ready in the kitchen').first()).toBeVisible();

  // The KOTs list: both KOTs, each with one action, Reprint (its full label at 360 px): the
  // branch has no network printer, so this device's print window prints the copy, and says so.
  await sheet.getByRole('button', { name: 'KOTs of this order: 2' }).tap();
  const kots = phone.page.getByRole('dialog', { name: 'KOTs of T1' });
  await expect(kots.getByRole('listitem').filter({ hasText: 'KOT 1' }).first()).toBeVisible();
  await phone.page.evaluate(() => {
    window.print = () => window.dispatchEvent(new Event('afterprint'));
  });
  await expect(kots.getByRole('button', { name: /^Print KOT/ })).toHaveCount(0);
  await expect(kots.getByRole('button', { name: 'Reprint KOT 1' })).toHaveText('Reprint');
  await kots.getByRole('button', { name: 'Reprint KOT 1' }).tap();
  await expect(toast(phone.page, "KOT 1 reprinted on this device's printer")).toBeVisible();
  await expect
    .poll(async () => {
      const answer = await ok<{ items: { number: number; reprints: number }[] }>(
        manager.get(`/api/tables/${table.id}/kots`),
      );
      return answer.items.find((kot) => kot.number === 1)?.reprints;
    })
    .toBe(1);

  // The billing screen's card: the table's items ready in the kitchen.
  await phone.page.goto('/usersidebar/billing');
  await expect(
    phone.page.getByRole('listitem', { name: 'T1' }).getByTestId('table-kitchen'),
  ).toHaveText(/4 ready/);

  await kds.context.close();
  await phone.context.close();
});

test('the display shows a new ticket from its live event and bumps it in one request, reading nothing', async ({
  browser,
  playwright,
}) => {
  const { id, manager } = await branchWithManager(playwright, {
    subscriptionType: 'monthly',
    activeDate: isoDate(0),
    deactiveDate: isoDate(30),
  });
  const dish = await ok<{ id: string }>(
    manager.post('/api/products', {
      data: { name: 'Veg Biryani', subcategory: 'Mains', pricePaise: 22_000 },
    }),
    201,
  );
  const table = await ok<{ id: string }>(
    manager.post('/api/tables', { data: { label: 'T7' } }),
    201,
  );
  const cook = await account(manager, playwright, {
    name: 'Kitchen tablet',
    email: `kds-live${id}@example.com`,
    role: 'kitchen',
  });
  /** A biryani on T7, sent to the kitchen by the manager's device; answers the KOT's number. */
  const sendBiryani = async () => {
    await ok(
      manager.post(`/api/tables/${table.id}/lines`, {
        data: { opId: randomUUID(), productId: dish.id, delta: 1 },
      }),
    );
    const sent = await ok<{ kot: { number: number } }>(
      manager.post(`/api/tables/${table.id}/kots`, { data: { opId: randomUUID() } }),
    );
    return sent.kot.number;
  };

  const kds = await device(browser, { width: 1280, height: 800 }, cook);
  await expect(kds.page.getByText('No open tickets')).toBeVisible();
  // From now on a read of the tickets is counted and never answered: what the display shows
  // next can only come from its live events and its requests' answers.
  let reads = 0;
  await kds.page.route(
    (url) => url.pathname === '/api/kitchen/tickets',
    () => {
      reads += 1;
    },
  );

  const first = await sendBiryani();
  const shown = ticket(kds.page, first, 'Kitchen');
  await expect(shown).toBeVisible();
  await expect(shown).toContainText('Veg Biryani');
  await expect(kds.page.getByTestId('kds-count')).toHaveText('1 open ticket');

  // Bump: one request; its answer makes the ticket the one Recall brings back.
  const bumped = kds.page.waitForResponse((response) => response.url().endsWith('/bump'));
  await shown.getByRole('button', { name: `Bump KOT ${first} of T7` }).click();
  expect((await bumped).status()).toBe(200);
  await expect(shown).toHaveCount(0);
  await expect(kds.page.getByRole('button', { name: `Recall KOT ${first} of T7` })).toBeEnabled();

  // The next KOT arrives after the bump's answer: had the bump read the tickets again, that read
  // would have been counted by now.
  const second = await sendBiryani();
  await expect(ticket(kds.page, second, 'Kitchen')).toBeVisible();
  expect(reads).toBe(0);

  await kds.context.close();
});
