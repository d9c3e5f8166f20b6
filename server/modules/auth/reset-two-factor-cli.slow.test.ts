import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { twoFactorCredentials } from '../../db/schema';
import { createSuperAdmin } from '../../test/fixtures';
import { runScript } from '../../test/run-script';

mkdirSync('.tmp/test', { recursive: true });
const dir = mkdtempSync('.tmp/test/reset-2fa-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The run's migrated PGlite, stored in `dataDir` as a server's folder. */
function pgliteIn(dataDir: string): Promise<Database> {
  const dump = inject('pgliteDumpPath');
  return openDatabase({ dataDir, loadDataDir: dump ? new Blob([readFileSync(dump)]) : undefined });
}

/** Runs `npm run reset-2fa -- <email>` (its script) on the PGlite folder `dataDir`. */
const resetTwoFactor = (email: string, dataDir: string) =>
  runScript('server/modules/auth/reset-two-factor-cli.ts', [email], { DATA_DIR: dataDir });

const twoFactorOf = async (database: Database, userId: string) =>
  database.db.select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, userId));

describe.skipIf(process.env.DATABASE_URL)('npm run reset-2fa on PGlite', () => {
  it('refuses a folder a running server holds, and resets the account once the server is stopped', async () => {
    const dataDir = join(dir, 'data');
    const server = await pgliteIn(dataDir);
    const admin = await createSuperAdmin(server.db);

    const refused = await resetTwoFactor(admin.email, dataDir);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/is in use by a TableFlow server/);
    expect(await twoFactorOf(server, admin.id)).toHaveLength(1);
    await server.close();

    const reset = await resetTwoFactor(admin.email, dataDir);
    expect(reset.output).toMatch(/is reset and its sessions ended/);
    expect(reset.code).toBe(0);
    const reopened = await openDatabase({ dataDir });
    try {
      expect(await twoFactorOf(reopened, admin.id)).toHaveLength(0);
    } finally {
      await reopened.close();
    }
  }, 60_000);

  it('refuses a folder that holds no database instead of creating one', async () => {
    const empty = join(dir, 'empty');
    const refused = await resetTwoFactor('nobody@example.com', empty);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/holds no database/);
  }, 60_000);
});
