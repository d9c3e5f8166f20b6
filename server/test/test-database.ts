import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';

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
  const name = `tf_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
