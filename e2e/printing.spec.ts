import { createServer, type Server, type Socket } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { parseUpiPayUri } from '../shared/upi';
import { E2E_BASE_URL } from './support/env';
import {
  branchWithManager,
  contextCountingPrints,
  isoDate,
  loginInBrowser,
  ok,
  printsIn,
  toast,
} from './support/helpers';

/**
 * Printing (issue 22, docs/printing.md): the manager adds the counter's network receipt printer
 * on Settings → Printers and test-prints it; a paid table's bill prints there by itself; Today's
 * bills prints it again as a DUPLICATE; the UPI id saved in the Receipt card shows a QR of the
 * UPI amount in the payment modal. The printer is a TCP server of this test on 127.0.0.1 (the
 * e2e server allows that address: PRINTER_ALLOWED_NETWORKS in support/global-setup.ts). On a
 * branch of its own, so its jobs are the only ones.
 */

/** A network receipt printer: takes raw bytes on a TCP port, as a thermal printer's port 9100. */
async function fakePrinter(port = 0) {
  const chunks: Buffer[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => socket.end());
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    /** Everything received so far, as text (ESC/POS commands are bytes around ASCII text). */
    text: () => Buffer.concat(chunks).toString('latin1'),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A table with one ₹530.00 dish ordered. */
async function tableWithOrder(manager: APIRequestContext) {
  const product = await ok<{ id: string }>(
    manager.post('/api/products', {
      data: { name: 'Thali', subcategory: 'Mains', pricePaise: 53_000 },
    }),
    201,
  );
  const table = await ok<{ id: string; label: string }>(
    manager.post('/api/tables', { data: { label: 'T1' } }),
    201,
  );
  await ok(
    manager.post(`/api/tables/${table.id}/lines`, {
      data: { opId: crypto.randomUUID(), productId: product.id, delta: 1 },
    }),
  );
  return table;
}

/** Serious and critical axe findings on the page as it is now, one line each. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the manager adds and test-prints a network printer; a paid bill prints there, Print again sends a DUPLICATE, and the UPI id shows a QR in the payment modal', async ({
  browser,
  playwright,
}) => {
  test.slow();
  const printer = await fakePrinter();
  const { manager, managerEmail, managerPassword } = await branchWithManager(playwright, {
    subscriptionType: 'monthly',
    activeDate: isoDate(0),
    deactiveDate: isoDate(30),
  });
  const table = await tableWithOrder(manager);
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    baseURL: E2E_BASE_URL,
  });
  const page = await context.newPage();
  try {
    await loginInBrowser(page, managerEmail, managerPassword);
    await expect(page).not.toHaveURL(/\/login$/);

    // Settings links to Printers, as it does to the kitchen's settings.
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Printers' }).click();
    await expect(page).toHaveURL(/\/settings\/printers$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Printers' })).toBeVisible();
    await expect(page.getByText('No printers yet')).toBeVisible();
    await expect(page.getByText('Nothing printed yet')).toBeVisible();

    // The counter's 80 mm receipt printer, on the network.
    await page.getByRole('button', { name: 'Add printer' }).click();
    const form = page.getByRole('dialog', { name: 'Add printer' });
    await form.getByLabel('Name').fill('Counter');
    await expect(form.getByRole('radio', { name: /^Network/ })).toBeChecked();
    await form.getByRole('button', { name: 'Add printer' }).click();
    await expect(form.getByText('A network printer needs its IP address')).toBeVisible();
    await expect(form).toHaveCSS('opacity', '1');
    const inForm = await seriousViolations(page);
    expect(inForm, inForm.join('\n')).toEqual([]);
    await form.getByRole('textbox', { name: 'IP address' }).fill('127.0.0.1');
    await form.getByRole('textbox', { name: 'Port' }).fill(String(printer.port));
    await expect(form.getByRole('switch', { name: 'Prints bills' })).toBeChecked();
    await form.getByRole('button', { name: 'Add printer' }).click();
    await expect(toast(page, 'Counter added')).toBeVisible();
    await expect(form).toBeHidden();
    const card = page.getByRole('listitem', { name: 'Counter' });
    await expect(card).toContainText(`127.0.0.1:${printer.port}`);
    await expect(card).toContainText('80 mm');
    await expect(card).toContainText('Bills');

    // Test print: queued, then printed (live), and the printer got the test page.
    await card.getByRole('button', { name: 'Test print on Counter' }).click();
    await expect(card.getByTestId('test-state')).toContainText('Printed');
    await expect.poll(() => printer.text()).toContain('TEST PAGE');
    expect(printer.text()).toContain('Printer: Counter');
    const queue = page.getByTestId('print-job');
    await expect(queue.filter({ hasText: 'Test page' })).toContainText('Printed');

    // The Receipt card: the UPI id, with the QR it prints previewed.
    await page.getByLabel('Merchant UPI id').fill('democafe');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(/Enter a UPI id like name@bank/)).toBeVisible();
    await page.getByLabel('Merchant UPI id').fill('demo.cafe@okhdfcbank');
    await expect(page.getByRole('img', { name: 'UPI QR code for Rs. 530.00' })).toBeVisible();
    await page.getByLabel('Bill footer').fill('Thank you, visit again!');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Receipt settings saved')).toBeVisible();
    // Asked again until the toast has finished coming in (half-faded text has no contrast).
    await expect.poll(() => seriousViolations(page)).toEqual([]);

    // The payment: UPI shows the QR of the amount taken, referenced by the table.
    await page.goto('/usersidebar/billing');
    await page.getByRole('button', { name: `Pay ₹530.00 for ${table.label}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay' });
    await expect(dialog.getByTestId('discounted-total')).toHaveText('₹530.00');
    await expect(dialog.getByTestId('upi-qr')).toHaveCount(0);
    await dialog
      .getByRole('radiogroup', { name: 'Payment method' })
      .getByText('UPI', { exact: true })
      .click();
    const qr = dialog.getByRole('img', { name: 'UPI QR code for Rs. 530.00' });
    await expect(qr).toBeVisible();
    const link = parseUpiPayUri((await qr.getAttribute('data-uri'))!);
    expect(link).toMatchObject({
      pa: 'demo.cafe@okhdfcbank',
      am: '530.00',
      cu: 'INR',
      tr: `Table ${table.label}`,
    });
    const inDialog = await seriousViolations(page);
    expect(inDialog, inDialog.join('\n')).toEqual([]);
    await dialog
      .getByRole('radiogroup', { name: 'Payment status' })
      .getByText('Settled', { exact: true })
      .click();
    await dialog.getByRole('button', { name: 'Save Payment' }).click();
    const billTitle = dialog.getByText(/^Bill \S+$/);
    await expect(billTitle).toBeVisible();
    const number = (await billTitle.textContent())!.replace('Bill ', '');

    // The bill printed on the counter's printer by itself (the queue, after the commit).
    await expect.poll(() => printer.text()).toContain(number);
    expect(printer.text()).not.toContain('DUPLICATE');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Today's bills: its print state, and Print again sends a DUPLICATE to the printer.
    await page.getByRole('button', { name: "Today's bills" }).click();
    const row = page.getByRole('listitem', { name: number });
    await expect(row.getByTestId('print-status')).toContainText('Printed');
    const before = printer.text().length;
    await row.getByRole('button', { name: `Print again: bill ${number}` }).click();
    await expect(toast(page, `Bill ${number} sent to the printer (DUPLICATE)`)).toBeVisible();
    await expect.poll(() => printer.text().slice(before)).toContain('DUPLICATE');
    expect(printer.text().slice(before)).toContain(number);
  } finally {
    await context.close();
    await printer.close();
  }
});

test('a printer that is off: its job fails with the reason on the queue (phone width), and Try again prints it once it is on', async ({
  browser,
  playwright,
}) => {
  test.slow();
  // A port nobody listens on: the printer is off.
  const off = await fakePrinter();
  const port = off.port;
  await off.close();
  const { manager, managerEmail, managerPassword } = await branchWithManager(playwright, {
    subscriptionType: 'monthly',
    activeDate: isoDate(0),
    deactiveDate: isoDate(30),
  });
  const counter = await ok<{ id: string }>(
    manager.post('/api/printers', {
      data: {
        name: 'Counter',
        paperWidth: 58,
        connection: 'network',
        host: '127.0.0.1',
        port,
        printsBills: true,
        printsKots: false,
      },
    }),
    201,
  );
  await ok(manager.post(`/api/printers/${counter.id}/test`), 201);

  const context = await browser.newContext({
    viewport: { width: 360, height: 800 },
    baseURL: E2E_BASE_URL,
  });
  const page = await context.newPage();
  let printer: Awaited<ReturnType<typeof fakePrinter>> | null = null;
  try {
    await loginInBrowser(page, managerEmail, managerPassword);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/settings/printers');
    const job = page.getByTestId('print-job').filter({ hasText: 'Test page' });
    // Every try refused (the sender's waits between tries, then failed), with the reason.
    await expect(job).toContainText('Failed', { timeout: 40_000 });
    await expect(job).toContainText('3 tries');
    await expect(job).toContainText(`Printer at 127.0.0.1:${port} refused the connection`);
    const found = await seriousViolations(page);
    expect(found, found.join('\n')).toEqual([]);

    printer = await fakePrinter(port);
    await job.getByRole('button', { name: 'Try again: Test page' }).click();
    await expect(toast(page, 'Sent to the printer again')).toBeVisible();
    await expect(job).toContainText('Printed');
    await expect.poll(() => printer!.text()).toContain('TEST PAGE');
  } finally {
    await context.close();
    await printer?.close();
  }
});

test('a KOT sent from the order screen prints on the kitchen’s network printer and in this device’s print window, and the KOT list says Printed', async ({
  browser,
  playwright,
}) => {
  test.slow();
  const printer = await fakePrinter();
  const { manager, managerEmail, managerPassword } = await branchWithManager(playwright, {
    subscriptionType: 'monthly',
    activeDate: isoDate(0),
    deactiveDate: isoDate(30),
  });
  const station = await ok<{ id: string }>(
    manager.post('/api/kitchen/stations', { data: { name: 'Kitchen', position: 0 } }),
    201,
  );
  const kotPrinter = (name: string, connection: 'network' | 'browser') => ({
    name,
    paperWidth: 58,
    connection,
    ...(connection === 'network' ? { host: '127.0.0.1', port: printer.port } : {}),
    printsBills: false,
    printsKots: true,
    kotStationIds: [station.id],
  });
  await ok(manager.post('/api/printers', { data: kotPrinter('Kitchen printer', 'network') }), 201);
  await ok(manager.post('/api/printers', { data: kotPrinter('Pass', 'browser') }), 201);
  const table = await tableWithOrder(manager);

  // The print dialog, as the browser would open it: counted, then closed.
  const context = await contextCountingPrints(browser);
  const page = await context.newPage();
  try {
    await loginInBrowser(page, managerEmail, managerPassword);
    await expect(page).not.toHaveURL(/\/login$/);

    // This device prints the Pass printer's KOTs with its print window.
    await page.goto('/settings/printers');
    const pass = page.getByRole('listitem', { name: 'Pass' });
    await expect(pass).toContainText('Print window');
    await pass.getByRole('switch', { name: 'Print from this device' }).check();

    await page.goto(`/table/${table.id}`);
    await page.getByTestId('send-to-kitchen').click();
    await expect(toast(page, 'KOT 1 sent')).toBeVisible();
    await expect.poll(() => printsIn(page)).toBe(1);
    await expect.poll(() => printer.text()).toContain('Thali');

    await page.getByRole('button', { name: 'KOTs of this order: 1' }).click();
    const kots = page.getByRole('dialog', { name: `KOTs of ${table.label}` });
    await expect(kots.getByTestId('print-status')).toContainText('Kitchen printer:');
    await expect(kots.getByTestId('print-status')).toContainText('Printed');
  } finally {
    await context.close();
    await printer.close();
  }
});

test('Print bill on a phone sends the provisional bill, with the UPI QR of its total, to the counter’s network printer; a second print says so', async ({
  browser,
  playwright,
}) => {
  test.slow();
  const printer = await fakePrinter();
  const { manager, managerEmail, managerPassword } = await branchWithManager(playwright, {
    subscriptionType: 'monthly',
    activeDate: isoDate(0),
    deactiveDate: isoDate(30),
  });
  await ok(
    manager.post('/api/printers', {
      data: {
        name: 'Counter',
        paperWidth: 58,
        connection: 'network',
        host: '127.0.0.1',
        port: printer.port,
        printsBills: true,
        printsKots: false,
      },
    }),
    201,
  );
  await ok(
    manager.put('/api/receipt-settings', {
      data: { upiVpa: 'demo.cafe@okhdfcbank', footer: null },
    }),
  );
  const table = await tableWithOrder(manager);
  const context = await contextCountingPrints(browser, 360);
  const page = await context.newPage();
  try {
    await loginInBrowser(page, managerEmail, managerPassword);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto(`/table/${table.id}`);
    await page.getByRole('button', { name: /View order/ }).click();
    await page.getByRole('button', { name: 'Print bill' }).click();
    await expect(toast(page, 'Bill sent to Counter')).toBeVisible();
    await expect.poll(() => printer.text()).toContain('PROVISIONAL BILL');
    const first = printer.text();
    expect(first).toContain('NOT A TAX INVOICE');
    const uri = /upi:\/\/pay\?[!-~]+/.exec(first)?.[0];
    expect(parseUpiPayUri(uri!)).toMatchObject({
      pa: 'demo.cafe@okhdfcbank',
      am: '530.00',
      tr: `Table ${table.label}`,
    });

    // The toast sits over the sheet's last button on a phone: closed, as the waiter would.
    await toast(page, 'Bill sent to Counter').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Print bill' }).click();
    await expect(toast(page, 'Bill sent to Counter (print 2)')).toBeVisible();
    await expect.poll(() => printer.text().slice(first.length)).toContain('REPRINT - print 2');
    // No print window opened: the printer is the counter's.
    expect(context.pages()).toHaveLength(1);
  } finally {
    await context.close();
    await printer.close();
  }
});
