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
  const created = await createPostgresDatabase(databaseUrl, template);
  const database = await openDatabase({ databaseUrl: created.url, poolSize: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * A new database on the PostgreSQL server of `serverUrl`: a copy of `template`, or empty (no
 * schema at all: what a first start or a restore meets). `drop()` removes it.
 */
export async function createPostgresDatabase(
  serverUrl: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tf_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
