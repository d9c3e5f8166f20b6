import { useCallback, useState, type ReactNode } from 'react';
import { Link, useLocation } from '../../lib/router';
import { ROLE_LABELS } from '../../../shared/permissions';
import type { Session } from '../../../shared/schemas/auth.schemas';
import { startPage } from '../../../shared/start-page';
import { BrandMark } from '../../components/brand-mark';
import { Drawer } from '../../components/kit/drawer';
import { lazyPiece } from '../../components/kit/lazy';
import { NotConnectedOverlay, useServerLost } from '../../components/not-connected-overlay';
import { OfflineBanner } from '../../features/tables/components/offline-banner';
import { UserMenu } from './user-menu';
import './app-frame.css';

/**
 * The sidebar's links with their icons: a chunk of their own, fetched as the frame first draws.
 * On a phone they sit in the closed drawer, out of the waiter's first view and first-load budget.
 */
const NavLinks = lazyPiece(async () => (await import('./nav-links')).NavLinks);

/**
 * The signed-in frame of every role: a header with the logo (a link to the role's start page),
 * the branch and the account menu; a sidebar of the role's links, each with an icon, which is a
 * drawer on phones and upright tablets (its links are out of the tab order while it is closed).
 * The kitchen account, whose one screen is the kitchen display, gets the header alone. Plain CSS
 * (app-frame.css) and the kit: no UI library on any screen's first load.
 */
export function AppFrame({ session, children }: { session: Session; children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  const close = useCallback(() => setOpened(false), []);
  const { pathname } = useLocation();
  const admin = session.user.role === 'super_admin';
  const bare = session.user.role === 'kitchen';

  return (
    <div className="tf-app" data-bare={bare || undefined}>
      <header className="tf-header">
        <div className="tf-header-start">
          {!bare && (
            <button
              type="button"
              className="tf-burger"
              data-open={opened || undefined}
              onClick={() => setOpened(!opened)}
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={opened}
              aria-controls="tf-navbar"
            >
              <span aria-hidden />
            </button>
          )}
          <Link to={startPage(session.user, 'home')} className="tf-logo-link" onClick={close}>
            <BrandMark />
          </Link>
        </div>
        <div className="tf-header-end">
          {session.branch && <span className="tf-header-branch">{session.branch.name}</span>}
          <UserMenu session={session} />
        </div>
      </header>
      {!bare && (
        <Drawer
          id="tf-navbar"
          label={admin ? 'Admin' : 'Main'}
          open={opened}
          onClose={close}
          className="tf-navbar"
        >
          <div className="tf-navbar-welcome">
            <h2>Welcome {session.user.name}</h2>
            <p>
              {ROLE_LABELS[session.user.role]}
              {session.branch ? ` · ${session.branch.name}` : ''}
            </p>
          </div>
          <NavLinks role={session.user.role} pathname={pathname} onNavigate={close} />
        </Drawer>
      )}
      <main className="tf-main">
        {/* The kitchen display says itself when it is reconnecting; it keeps no taps. */}
        {session.branch && !bare && <OfflineBanner />}
        {session.fixedDisplay && !bare && <FixedDisplayConnection />}
        {children}
      </main>
    </div>
  );
}

/** A fixed display says plainly, over its whole screen, when it cannot reach the server. */
function FixedDisplayConnection() {
  return useServerLost() ? <NotConnectedOverlay /> : null;
}
