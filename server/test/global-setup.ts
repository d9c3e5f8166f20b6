import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite runs: a migrated data folder dump each test file starts from. */
    pgliteDumpPath: string | null;
    /** PostgreSQL runs: a migrated template database each test file copies. */
    postgresTemplate: string | null;
  }
}

const DUMP_DIR = '.tmp/test';

/**
 * Migrating takes seconds; copying a migrated database takes a fraction of one. So the run
 * migrates once and every test file starts from a copy (see server/test/test-database.ts).
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const database = await openDatabase({});
    await migrateDatabase(database);
    const dump = await database.pglite!.dumpDataDir('none');
    await database.close();
    mkdirSync(DUMP_DIR, { recursive: true });
    const path = `${DUMP_DIR}/pglite-migrated-${process.pid}.tar`;
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteDumpPath', path);
    project.provide('postgresTemplate', null);
    return () => rmSync(path, { force: true });
  }
  const template = `tf_tpl_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${template}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  await migrateDatabase(database);
  await database.close();
  project.provide('pgliteDumpPath', null);
  project.provide('postgresTemplate', template);
  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
  };
}
