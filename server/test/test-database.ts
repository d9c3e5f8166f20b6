import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { createThrowawayDatabase } from './throwaway-database';

/**
 * A fresh, migrated database for one test file: a copy of the run's migrated PGlite dump, or,
 * when DATABASE_URL is set, a new PostgreSQL database made from the run's template (dropped on
 * close). Tests therefore always talk to a real PostgreSQL-dialect database.
 */
export async function createTestDatabase(): Promise<Database> {
  const dumpPath = inject('pgliteDumpPath');
  if (dumpPath) {
    return openDatabase({ loadDataDir: new Blob([readFileSync(dumpPath)]) });
  }
  const template = inject('postgresTemplate');
  const databaseUrl = process.env.DATABASE_URL;
  if (!template || !databaseUrl) throw new Error('The global test setup did not run.');
  const created = await createThrowawayDatabase(databaseUrl, { template });
  const database = await openDatabase({ databaseUrl: created.url, poolSize: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/** The throwaway database under the name server/db/backup.slow.test.ts imports it by. */
export { createThrowawayDatabase as createPostgresDatabase } from './throwaway-database';
