import { Outlet } from 'react-router';
import { paths } from '../../config/paths';
import { useGuard } from '../guards';
import { AppFrame } from './app-frame';

const ADMIN_LINKS = [
  { label: 'Dashboard', path: paths.adminDashboard },
  { label: 'Add A Branch', path: paths.admin },
  { label: 'Branches', path: paths.branches },
];

/** The super admin's area: dashboard, add a branch, the branch list. */
export function AdminLayout() {
  const guard = useGuard('admin');
  if (!guard.session) return guard.element;
  return (
    <AppFrame navLabel="Admin" links={ADMIN_LINKS}>
      <Outlet />
    </AppFrame>
  );
}
