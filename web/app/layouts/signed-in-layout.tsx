import { Outlet } from '../../lib/router';
import { lazyPiece } from '../../components/kit/lazy';
import { useTapOutboxOf } from '../../features/tables/api/order-sync';
import { useBranchEvents } from '../../lib/live-events';
import { startPage } from '../../../shared/start-page';
import { useGuard } from '../guards';
import { AppFrame } from './app-frame';

/** Rarely shown: its own chunk (it says its title itself). */
const NotAllowedPage = lazyPiece(
  async () => (await import('../../components/not-allowed-page')).NotAllowedPage,
);

/**
 * An area of signed-in screens (the super admin's, or a branch's) inside the frame of the
 * signed-in user's role; a screen the role may not open shows the not-allowed page there.
 */
function SignedInLayout({ area }: { area: 'admin' | 'branch' }) {
  const guard = useGuard(area);
  useBranchEvents(area === 'branch' ? guard.session : undefined);
  useTapOutboxOf(area === 'branch' ? guard.session : undefined);
  if (!guard.session) return guard.element;
  const { session, allowed } = guard;
  return (
    <AppFrame session={session}>
      {allowed ? (
        <Outlet />
      ) : (
        <NotAllowedPage role={session.user.role} homePath={startPage(session.user, 'home')} />
      )}
    </AppFrame>
  );
}

/** The super admin's area: dashboard, add a branch, the branch list. */
export const AdminLayout = () => <SignedInLayout area="admin" />;

/** A branch's area: the screens of the spec's user sidebar, by role. */
export const UserLayout = () => <SignedInLayout area="branch" />;
