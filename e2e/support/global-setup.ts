import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { startSmtpSink } from '../../server/test/smtp-sink';
import { E2E_DATA_DIR, E2E_MAIL_DIR, E2E_PORT, E2E_SMTP_PORT } from './env';
import { signInDemoAdmin } from './helpers';
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
    },
  });
  // The workers inherit these: the demo admin's one session of the run (two-factor sign-in).
  const admin = await signInDemoAdmin();
  process.env.E2E_ADMIN_SESSION = admin.session;
  process.env.E2E_ADMIN_LAST_STEP = String(admin.step);

  return async () => {
    await server.stop();
    await smtp.close();
  };
}
