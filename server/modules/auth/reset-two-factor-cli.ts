/**
 * `npm run reset-2fa -- <email>`: the operator's way back in for an account that lost its
 * authenticator app and its recovery codes (above all the last super admin, whom nobody else
 * can reset). Two-factor sign-in is turned off and every session of the account ends; a super
 * admin is asked to set it up again right after the next login. Written to the audit trail.
 * Runs against the database of the environment (DATABASE_URL, or PGlite in DATA_DIR with its
 * server stopped: a PGlite folder belongs to the one process that opened it).
 */
import { emailSchema } from '../../../shared/schemas/auth.schemas';
import { loadConfig } from '../../config';
import { BackupError, openServerDatabase } from '../../db/backup';
import { migrateDatabase } from '../../db/client';
import { systemClock } from '../../lib/clock';
import { resetTwoFactorByOperator } from './auth.two-factor.usecases';

const parsed = emailSchema.safeParse(process.argv[2] ?? '');
if (!parsed.success) {
  console.error('Usage: npm run reset-2fa -- <email of the account>');
  process.exit(2);
}
const email = parsed.data;
try {
  const database = await openServerDatabase(loadConfig(), { create: false });
  try {
    await migrateDatabase(database);
    const result = await resetTwoFactorByOperator({ db: database.db, clock: systemClock, email });
    if (!result) {
      process.exitCode = 1;
      console.error(`No account has the email ${email}.`);
    } else {
      console.log(
        result.wasOn
          ? `Two-factor sign-in of ${email} is reset and its sessions ended. A super admin sets it up again after the next login.`
          : `Two-factor sign-in was not on for ${email}; its sessions ended.`,
      );
    }
  } finally {
    await database.close();
  }
} catch (error) {
  process.exitCode = 1;
  if (error instanceof BackupError) console.error(`Reset failed: ${error.message}`);
  else console.error('Reset failed:', error);
}
