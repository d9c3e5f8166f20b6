import { useEffect, useRef } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { SESSION_IDLE_MS } from '../../shared/constants';
import { api, onApiError } from '../lib/api';
import { setLoginNotice } from '../lib/login-notice';
import { paths } from '../config/paths';
import { sessionQueryKey, useSession } from '../lib/session';
import { logout } from '../features/auth/api/logout';
import { usePageTitle } from './page-title';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
/** While someone works without calling the server (typing a long form), tell it now and then. */
const HEARTBEAT_MS = 5 * 60_000;
const CHECK_EVERY_MS = 15_000;

/**
 * Leave the signed-in app for the home page with a full page load: nothing of the session stays
 * in memory, and no signed-in screen's guard can race this navigation to the login screen.
 */
const leaveForHome = () => window.location.replace(paths.home);

/**
 * The root of every route: ends the session after 30 minutes without activity (back to `/`),
 * and reacts to the server refusing a call: session gone → `/`; plan or account no longer
 * valid → the login screen with the server's message; temporary password → change it first.
 */
export function SessionWatcher() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const signedIn = Boolean(session.data);
  const lastActivity = useRef(Date.now());
  const lastHeartbeat = useRef(Date.now());
  usePageTitle();

  useEffect(() => {
    /** Forget everything of the user who is no longer signed in. */
    const signOut = () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, null);
    };
    return onApiError((error) => {
      if (!queryClient.getQueryData(sessionQueryKey)) return; // not signed in: the screen says why
      if (error.status === 401) {
        leaveForHome();
      } else if (error.status === 403 && error.code.startsWith('access.')) {
        setLoginNotice(error.message);
        signOut();
        void navigate(paths.login);
      } else if (error.code === 'auth.password_change_required') {
        void navigate(paths.changePassword);
      }
    });
  }, [navigate, queryClient]);

  useEffect(() => {
    if (!signedIn) return;
    lastActivity.current = Date.now();
    const onActivity = () => {
      const now = Date.now();
      lastActivity.current = now;
      if (now - lastHeartbeat.current > HEARTBEAT_MS) {
        lastHeartbeat.current = now;
        void api('/auth/session').catch(() => undefined);
      }
    };
    const timer = window.setInterval(() => {
      if (Date.now() - lastActivity.current < SESSION_IDLE_MS) return;
      window.clearInterval(timer);
      void logout()
        .catch(() => undefined)
        .finally(leaveForHome);
    }, CHECK_EVERY_MS);
    ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, onActivity, { passive: true }));
    return () => {
      window.clearInterval(timer);
      ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, onActivity));
    };
  }, [signedIn]);

  return <Outlet />;
}
