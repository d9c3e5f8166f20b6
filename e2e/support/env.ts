/** Where the browser tests find the server and the browser. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 4025);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = `.tmp/e2e-data-${E2E_PORT}`;
export const E2E_MAIL_DIR = `.tmp/e2e-mail-${E2E_PORT}`;

/** The flags every headless Chromium of ours runs with (closed network, root, no GPU). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS };
