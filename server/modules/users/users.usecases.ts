/**
 * The users table for every module: auth reads accounts, branches and staff create them (a
 * taken email answers `USER_MESSAGES.emailTaken`). Passwords change through auth's
 * `setNewPassword`, which also ends the user's sessions and reset links.
 */
import type { DbOrTx } from '../../db/client';
import * as repo from './users.repository';

export type { Account, SessionAccount } from './users.repository';
export {
  emailInUse,
  findAccountByEmail,
  findAccountById,
  findBranchManager,
  findSessionAccount,
  insertUser,
  liveManagers,
  setPassword as setPasswordHash,
  userIdsOfBranch,
} from './users.repository';

/** Whether any super admin exists (the demo seed writes nothing then). */
export async function hasSuperAdmin(db: DbOrTx): Promise<boolean> {
  return repo.anySuperAdmin(db);
}
