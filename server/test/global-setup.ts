import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../db/client';
import { createThrowawayDatabase } from './throwaway-database';

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
    // One per project (api, slow): each project runs its own set-up and tear-down.
    const path = `${DUMP_DIR}/pglite-migrated-${process.pid}-${project.name}.tar`;
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteDumpPath', path);
    project.provide('postgresTemplate', null);
    return () => rmSync(path, { force: true });
  }
  const template = await createThrowawayDatabase(databaseUrl, { prefix: 'tf_tpl' });
  const database = await openDatabase({ databaseUrl: template.url, poolSize: 1 });
  await migrateDatabase(database);
  await database.close();
  project.provide('pgliteDumpPath', null);
  project.provide('postgresTemplate', template.name);
  return template.drop;
}
