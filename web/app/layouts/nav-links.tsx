import type { Role } from '../../../shared/permissions';
import { Link } from '../../lib/router';
import { navItemsFor } from './nav-items';

/** A link is active on its own screen and on the screens under it (/vendor/… under Vendors). */
const isActive = (pathname: string, path: string) =>
  pathname === path || pathname.startsWith(`${path}/`);

/** The sidebar's links of a role, each with its icon, the current screen's marked. */
export function NavLinks({
  role,
  pathname,
  onNavigate,
}: {
  role: Role;
  pathname: string;
  onNavigate: () => void;
}) {
  return (
    <div className="tf-navbar-links">
      {navItemsFor(role).map(({ label, path, icon: Icon }) => {
        const active = isActive(pathname, path);
        return (
          <Link
            key={path}
            to={path}
            className="tf-nav-link"
            data-active={active || undefined}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          >
            <Icon size={20} stroke={1.7} aria-hidden />
            <span>{label}</span>
          </Link>
        );
      })}
    </div>
  );
}
