/**
 * The users table for every module: auth reads accounts, branches and staff create them (a
 * taken email answers `USER_MESSAGES.emailTaken`). Passwords change through auth's
 * `setNewPassword`, which also ends the user's sessions and reset links.
 */
export type { Account, SessionAccount } from './users.repository';
export {
  emailInUse,
  findAccountByEmail,
  findAccountById,
  findBranchManager,
  findSessionAccount,
  insertUser,
  setPassword as setPasswordHash,
  userIdsOfBranch,
} from './users.repository';
