import type { Role } from './permissions';
import { paths } from './routes';

/** What decides where a signed-in user starts. */
export interface StartPageUser {
  role: Role;
  /** A temporary password (a new manager, one a manager or the super admin gave). */
  mustChangePassword: boolean;
  /** A super admin without two-factor sign-in yet. */
  mustSetUpTwoFactor: boolean;
}

/**
 * When a start page is asked for: 'sign-in', where a login lands; 'home', where a signed-in
 * user goes back to (the logo, the not-allowed and 404 pages, a signed-in visit of /login).
 */
export type StartMoment = 'sign-in' | 'home';

/**
 * THE start page of a signed-in user, read by the server (the session's `home`, where a login
 * lands) and the web (the logo's link, the not-allowed and 404 pages' way on, /login when
 * signed in). A step still owed comes first: a temporary password to change, then two-factor
 * sign-in to set up. Then by role, as the spec says ("After login"): a login lands a super
 * admin on /admin and branch users on the tables (/usersidebar/billing); a signed-in user goes
 * home to /admin-dashboard or /user-dashboard. The kitchen account has its display alone.
 */
export function startPage(user: StartPageUser, moment: StartMoment): string {
  if (user.mustChangePassword) return paths.changePassword;
  if (user.mustSetUpTwoFactor) return paths.twoFactor;
  switch (user.role) {
    case 'super_admin':
      return moment === 'sign-in' ? paths.admin : paths.adminDashboard;
    case 'kitchen':
      return paths.kitchen;
    case 'branch_manager':
    case 'staff':
      return moment === 'sign-in' ? paths.billing : paths.userDashboard;
  }
}
