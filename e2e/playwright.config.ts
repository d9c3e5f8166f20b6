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
  // The list ends with the slowest spec files and their times (where CI's time goes).
  reportSlowTests: { max: 10, threshold: 0 },
  outputDir: `../.tmp/e2e-results-${E2E_PORT}`,
  use: {
    baseURL: E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    // A trace records every action's snapshots and a screencast, which about doubled the time of
    // a journey with two workers on two cores (tests then ran into their time-outs):
    // E2E_TRACE=1 turns it on to debug a failure; a failure always leaves its page snapshot
    // (error-context.md) and a screenshot.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // The app's service worker (web/sw/sw.ts) would answer requests the tests route or expect
    // to fail; e2e/offline-app.spec.ts allows it and tests it.
    serviceWorkers: 'block',
  },
});
