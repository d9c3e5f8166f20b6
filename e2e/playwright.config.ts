import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_PORT, chromiumLaunchOptions } from './support/env';

/**
 * Browser tests drive the built app (dist/web, served by the real server on a fresh embedded
 * database) in Debian's Chromium. `npm run test:e2e` builds first.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  outputDir: `../.tmp/e2e-results-${E2E_PORT}`,
  use: {
    baseURL: E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
});
