import type { ReactNode } from 'react';
import { Navigate, Outlet, useMatches } from '../lib/router';
import { can, type Permission } from '../../shared/permissions';
import type { Session } from '../../shared/schemas/auth.schemas';
import { PageLoader } from '../components/page-loader';
import { paths } from '../config/paths';
import { useSession } from '../lib/session';

export interface RouteHandle {
  title?: string;
  /** The permission a screen needs; the server checks the same one on its API calls. */
  permission?: Permission;
}

/**
 * Guards an area of screens: signed in, temporary password changed, two-factor sign-in set up
 * where the role requires it, the right area for the role (super admin vs branch), and the
 * permission the matched screen declares in its handle.
 * `allowed` is false for a screen of the other area or without the permission.
 */
export function useGuard(
  area: 'admin' | 'branch',
):
  | { element: ReactNode; session?: undefined; allowed?: undefined }
  | { element?: undefined; session: Session; allowed: boolean } {
  const session = useSession();
  const matches = useMatches();
  if (session.isPending) return { element: <PageLoader fullScreen /> };
  const data = session.data;
  if (!data) return { element: <Navigate to={paths.login} replace /> };
  if (data.user.mustChangePassword)
    return { element: <Navigate to={paths.changePassword} replace /> };
  if (data.user.mustSetUpTwoFactor) return { element: <Navigate to={paths.twoFactor} replace /> };
  // The other area's screens are not allowed: the page says so inside the user's own frame.
  if ((data.user.role === 'super_admin') !== (area === 'admin')) {
    return { session: data, allowed: false };
  }
  const permission = (matches.at(-1)?.handle as RouteHandle | undefined)?.permission;
  return { session: data, allowed: !permission || can(data.user.role, permission) };
}

/** /change-password: any signed-in user, no layout around it. */
export function SignedInOnly() {
  const session = useSession();
  if (session.isPending) return <PageLoader fullScreen />;
  if (!session.data) return <Navigate to={paths.login} replace />;
  return <Outlet />;
}
