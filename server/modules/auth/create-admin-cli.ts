/**
 * `npm run create-admin -- <email> <name>`: the operator makes a super admin on the server, the
 * first one of a production database started with SEED_DEMO=false (no demo branch, no published
 * passwords) or one more. It prints a temporary password once: the new super admin signs in
 * with it, chooses a password of their own and sets up two-factor sign-in before anything else.
 * Runs against the database of the environment (DATABASE_URL, or PGlite in DATA_DIR with its
 * server stopped: a PGlite folder belongs to the one process that opened it), migrating it first.
 */
import { z } from 'zod';
import { emailSchema } from '../../../shared/schemas/auth.schemas';
import { requiredText } from '../../../shared/schemas/common.schemas';
import { loadConfig } from '../../config';
import { BackupError, openServerDatabase } from '../../db/backup';
import { migrateDatabase } from '../../db/client';
import { systemClock } from '../../lib/clock';
import { createSuperAdminByOperator } from './auth.passwords.usecases';

const argsSchema = z.object({ email: emailSchema, name: requiredText('Name', 120) });
const [email = '', ...words] = process.argv.slice(2);
const parsed = argsSchema.safeParse({ email, name: words.join(' ') });
if (!parsed.success) {
  console.error(parsed.error.issues.map((issue) => issue.message).join('. '));
  console.error('Usage: npm run create-admin -- <email> <name>');
  process.exit(2);
}
try {
  const database = await openServerDatabase(loadConfig(), { create: true });
  try {
    await migrateDatabase(database);
    const created = await createSuperAdminByOperator({
      db: database.db,
      clock: systemClock,
      ...parsed.data,
    });
    if (!created) {
      process.exitCode = 1;
      console.error(`An account with the email ${parsed.data.email} already exists.`);
    } else {
      console.log(
        [
          `Super admin ${parsed.data.name} <${parsed.data.email}> created.`,
          `Temporary password: ${created.temporaryPassword}`,
          'It is shown only now: at the first sign-in it must be changed, and two-factor sign-in set up.',
        ].join('\n'),
      );
    }
  } finally {
    await database.close();
  }
} catch (error) {
  process.exitCode = 1;
  if (error instanceof BackupError) console.error(`Not created: ${error.message}`);
  else console.error('Not created:', error);
}
