/**
 * What a server does to its database before it listens: apply the migrations and, when asked,
 * write the demo on an empty database. A new embedded database is prepared by a Node process of
 * its own (`prepare-cli.ts`) that ends once it is done: migrating and writing the demo in the
 * server's process left it about 100 MB more resident for as long as it runs (PGlite's
 * WebAssembly heap keeps the pages those writes touched; docs/performance-notes.md, "PGlite's
 * memory"), over the 400 MB the server may take.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fork } from 'node:child_process';
import type { Config } from './config';
import { migrateDatabase, type Database } from './db/client';
import { seedDemo, type DemoLogins } from './demo/seed';
import { systemClock } from './lib/clock';

export async function prepareDatabase(
  database: Database,
  config: Pick<Config, 'SEED_DEMO' | 'totpKey'>,
): Promise<DemoLogins | null> {
  await migrateDatabase(database);
  return config.SEED_DEMO
    ? seedDemo({ db: database.db, clock: systemClock, totpKey: config.totpKey })
    : null;
}

/** Prepares a new PGlite data folder in a child process; a folder with a database is left alone. */
export async function prepareNewDataDir(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  // The child has this process's environment (so the same config) and Node flags (tsx's
  // loader), except the server's small young generation: it would only slow the demo's writing.
  const child = fork(new URL('./prepare-cli.ts', import.meta.url), {
    stdio: 'inherit',
    execArgv: process.execArgv.filter((flag) => !flag.startsWith('--max-semi-space-size')),
  });
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`preparing ${dataDir} failed (exit ${code})`)),
    );
  });
}
