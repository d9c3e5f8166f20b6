import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { startSmtpSink } from '../../server/test/smtp-sink';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_MAIL_DIR, E2E_PORT, E2E_SMTP_PORT } from './env';
import { DEMO, signInDemoAdmin } from './helpers';
import { startServer } from './server';

/**
 * Starts what the browser tests talk to: a real SMTP sink (mails land in .tmp/e2e-mail as
 * files the tests read) and the built server on a fresh embedded database with the demo seed.
 */
export default async function globalSetup() {
  rmSync(E2E_DATA_DIR, { recursive: true, force: true });
  rmSync(E2E_MAIL_DIR, { recursive: true, force: true });
  mkdirSync(E2E_MAIL_DIR, { recursive: true });

  let mailCount = 0;
  const smtp = await startSmtpSink({
    port: E2E_SMTP_PORT,
    onMail: (mail) =>
      writeFileSync(
        `${E2E_MAIL_DIR}/${String(++mailCount).padStart(4, '0')}-${mail.to.join(',')}.eml`,
        mail.raw,
      ),
  });

  const server = await startServer({
    port: E2E_PORT,
    dataDir: E2E_DATA_DIR,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      DEMO_REQUESTS_PER_HOUR: '1000',
      // printing.spec.ts's fake network printer listens on loopback, which printers may not
      // reach by default (docs/printing.md, "Allowed addresses").
      PRINTER_ALLOWED_NETWORKS: '127.0.0.1/32',
    },
  });
  // The workers inherit these: the demo admin's one session of the run (two-factor sign-in).
  const admin = await signInDemoAdmin();
  process.env.E2E_ADMIN_SESSION = admin.session;
  process.env.E2E_ADMIN_LAST_STEP = String(admin.step);
  await billDemoWithoutTax();

  return async () => {
    await server.stop();
    await smtp.close();
  };
}

/**
 * The demo branch is a registered restaurant (its bills are tax invoices), and most journeys
 * check amounts of the arithmetic before tax: a total is its subtotal less its discount. So the
 * run starts with the demo's Settings saved as a branch not registered for GST, round-off off
 * (its history stays as it was). The GST journey (gst.spec.ts) bills on a branch of its own.
 */
async function billDemoWithoutTax() {
  const login = await fetch(`${E2E_BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO.manager),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('tf_session='));
  if (!login.ok || !cookie) throw new Error(`demo manager sign-in: ${login.status}`);
  const headers = { cookie, origin: E2E_BASE_URL, 'content-type': 'application/json' };
  const settings = (await (
    await fetch(`${E2E_BASE_URL}/api/branch/settings`, { headers })
  ).json()) as Record<string, unknown>;
  const saved = await fetch(`${E2E_BASE_URL}/api/branch/settings`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      name: settings.name,
      address: settings.address,
      phone: settings.phone,
      gstin: settings.gstin,
      timeZone: settings.timeZone,
      regime: 'unregistered',
      roundOff: false,
    }),
  });
  if (!saved.ok) throw new Error(`demo settings: ${saved.status} ${await saved.text()}`);
  await fetch(`${E2E_BASE_URL}/api/auth/logout`, { method: 'POST', headers });
}
