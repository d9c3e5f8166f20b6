/**
 * `npm run seed`: migrates the database (PGlite in DATA_DIR, default ./data, or DATABASE_URL)
 * and writes the demo data unless a super admin already exists, then prints the demo logins.
 */
import { mkdirSync } from 'node:fs';
import { loadConfig } from '../config';
import { systemClock } from '../lib/clock';
import { migrateDatabase, openDatabase } from '../db/client';
import { seedDemo } from './seed';

const config = loadConfig();
if (!config.DATABASE_URL) mkdirSync(config.DATA_DIR, { recursive: true });
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR,
});
try {
  await migrateDatabase(database);
  const started = Date.now();
  const logins = await seedDemo({
    db: database.db,
    clock: systemClock,
    totpKey: config.totpKey,
  });
  const where = database.kind === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL';
  console.log(
    logins.seeded
      ? `Demo data written to ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s.`
      : `${where} already has a super admin: nothing written. The demo logins, if unchanged:`,
  );
  console.log(
    [
      `  super admin     ${logins.superAdmin.email} / ${logins.superAdmin.password}`,
      `                  two-factor key ${logins.superAdmin.twoFactorSecret} (any authenticator app)`,
      `  branch manager  ${logins.manager.email} / ${logins.manager.password}`,
      ...logins.staff.map((s) => `  staff           ${s.email} / ${s.password}`),
      `  kitchen display ${logins.kitchen.email} / ${logins.kitchen.password}`,
    ].join('\n'),
  );
} catch (error) {
  process.exitCode = 1;
  console.error('Seeding failed:', error);
} finally {
  await database.close();
}
