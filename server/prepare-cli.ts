/** Run by `prepareNewDataDir` (prepare.ts): migrates a new PGlite folder and writes the demo. */
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { prepareDatabase } from './prepare';

const config = loadConfig();
const database = await openDatabase({ dataDir: config.DATA_DIR });
try {
  await prepareDatabase(database, config);
} finally {
  await database.close();
}
