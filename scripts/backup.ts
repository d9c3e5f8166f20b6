/**
 * `npm run backup [-- <file>]`: writes a consistent backup of the database of this environment
 * (DATABASE_URL, or PGlite in DATA_DIR with its server stopped) to <file>, by default
 * backups/tableflow-<UTC time>.jsonl.gz. The format is in server/db/backup.ts; docs/deployment.md
 * says when and where to keep the files.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import {
  BackupError,
  backupToFile,
  defaultBackupPath,
  openServerDatabase,
} from '../server/db/backup';

const { positionals } = parseArgs({ allowPositionals: true });
const file = positionals[0] ?? defaultBackupPath(new Date());
const config = loadConfig();
const started = Date.now();
try {
  const database = await openServerDatabase(config, { create: false });
  try {
    const summary = await backupToFile(database, file);
    console.log(
      `Backup written to ${file}: ${summary.tables} tables, ${summary.rows} rows, ` +
        `${summary.migrations} migrations, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  process.exitCode = 1;
  console.error(error instanceof BackupError ? `Backup failed: ${error.message}` : error);
}
