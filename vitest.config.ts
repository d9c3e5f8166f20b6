import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Tests in tiers (vitest projects; README.md, "Test"), chosen by the file's name:
 * - `unit`: shared/ and web/ code on its own, and server code that needs no database (a
 *   server file named `*.unit.test.ts`), no database (milliseconds a file);
 * - `api`: the server through its routes and use cases on a real database (PGlite, or
 *   PostgreSQL with DATABASE_URL), each file on its own copy of a migrated database;
 * - `slow`: a server file named `*.slow.test.ts`: what starts processes or takes many seconds
 *   (crash safety, the fuzzer and property tests, backups and restores, the operator commands,
 *   PostgreSQL-only tests).
 * `npm run test:fast` runs unit and api (the one to run all day), `npm run test:slow` the slow
 * tier, `npm run test:api` api and slow (the server's tests, e.g. on PostgreSQL), `vitest run`
 * all three. A new test file that starts a process or takes more than a few seconds is named
 * `*.slow.test.ts`. Every run ends with its slowest files (scripts/slowest-test-files.ts).
 */
const SLOW = 'server/**/*.slow.test.ts';
const UNIT_ON_SERVER = 'server/**/*.unit.test.ts';

/** Migrates once per run: every server test file starts from a copy (server/test/global-setup.ts). */
const databaseSetup = ['server/test/global-setup.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    reporters: ['default', './scripts/slowest-test-files.ts'],
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'web/**/*.test.{ts,tsx}', UNIT_ON_SERVER],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, SLOW, UNIT_ON_SERVER],
          globalSetup: databaseSetup,
        },
      },
      {
        extends: true,
        test: {
          name: 'slow',
          include: [SLOW],
          globalSetup: databaseSetup,
        },
      },
    ],
  },
});
