import { mkdirSync } from 'node:fs';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { prepareDatabase, prepareNewDataDir } from './prepare';
import { keepPlannerStatistics } from './db/statistics';
import { systemClock } from './lib/clock';

const config = loadConfig();
if (!config.DATABASE_URL) mkdirSync(config.DATA_DIR, { recursive: true });
// One process per embedded database: a second server on the same folder would destroy it.
const releaseDataDir = config.DATABASE_URL ? () => undefined : lockDataDir(config.DATA_DIR);
if (!config.DATABASE_URL) await prepareNewDataDir(config.DATA_DIR);
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR,
});
const logins = await prepareDatabase(database, config);

const app = await buildApp({ database, config, clock: systemClock });
const statistics = keepPlannerStatistics(database, (error) =>
  app.log.error({ err: error }, 'refreshing the planner statistics failed'),
);
await statistics.ready;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stop taking requests, let the ones in flight finish, then close the database.
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    statistics.stop();
    await app.close();
    await database.close();
    releaseDataDir();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.HOST, port: config.PORT });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
const lines = [
  '',
  `  TableFlow is running at http://localhost:${port}`,
  `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)'}`,
];
if (logins) {
  lines.push(
    '  Demo logins:',
    `    super admin     ${logins.superAdmin.email} / ${logins.superAdmin.password}`,
    `                    two-factor key ${logins.superAdmin.twoFactorSecret} (any authenticator app)`,
    `    branch manager  ${logins.manager.email} / ${logins.manager.password}`,
    ...logins.staff.map((s) => `    staff           ${s.email} / ${s.password}`),
    `    kitchen display ${logins.kitchen.email} / ${logins.kitchen.password}`,
  );
}
console.log(lines.join('\n') + '\n');
