/**
 * `npm run restore -- <file> [--force]`: restores a backup of `npm run backup` into the database
 * of this environment (DATABASE_URL, or PGlite in DATA_DIR with its server stopped), which must
 * hold no rows: --force replaces everything in it. Either engine's backup restores into either.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { BackupError, openServerDatabase, restoreFromFile } from '../server/db/backup';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { force: { type: 'boolean', default: false } },
});
const file = positionals[0];
if (!file) {
  console.error('Usage: npm run restore -- <backup file> [--force]');
  process.exit(2);
}
const config = loadConfig();
const started = Date.now();
try {
  const database = await openServerDatabase(config, { create: true });
  try {
    const summary = await restoreFromFile(database, file, { force: values.force });
    const where = database.kind === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL';
    const forward = summary.migratedForward
      ? `, then ${summary.migratedForward} newer migrations applied`
      : '';
    console.log(
      `Restored ${file} (${summary.engine}) into ${where}: ${summary.tables} tables, ` +
        `${summary.rows} rows${forward}, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  process.exitCode = 1;
  console.error(error instanceof BackupError ? `Restore failed: ${error.message}` : error);
}
