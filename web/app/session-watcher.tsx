import { useEffect, useRef } from 'react';
import { Outlet, useNavigate } from '../lib/router';
import { useQueryClient } from '@tanstack/react-query';
import { api, onApiError } from '../lib/api';
import { setLoginNotice } from '../lib/login-notice';
import { paths } from '../config/paths';
import { sessionQueryKey, useSession } from '../lib/session';
import { logout } from '../features/auth/api/logout';
import { hasUnsentTaps } from '../features/tables/api/order-sync';
import { usePageTitle } from './page-title';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
/** While someone works without calling the server (typing a long form), tell it now and then. */
const HEARTBEAT_MS = 5 * 60_000;
const CHECK_EVERY_MS = 15_000;

/**
 * What an idle sign-out must wait for: taps not sent yet (they would sit on the device until the
 * next sign-in), or an open sheet or dialog (a waiter mid-order: a choice picker, a void, the
 * payment). Mantine's modals and drawers are `role="dialog"`, the kit's a native `<dialog>`.
 */
export function idleSignOutHeld(): boolean {
  return hasUnsentTaps() || document.querySelector('[role="dialog"], dialog[open]') !== null;
}

/**
 * Leave the signed-in app for the home page with a full page load: nothing of the session stays
 * in memory, and no signed-in screen's guard can race this navigation to the login screen.
 */
const leaveForHome = () => window.location.replace(paths.home);

/**
 * The root of every route: ends the session after its idle limit without activity (30 minutes,
 * back to `/`; the server says the limit, and a display, the kitchen account or a device a
 * manager marked, has none), never while taps are unsent or a sheet or dialog is open (it keeps
 * the server's session alive meanwhile), and reacts to the server refusing a call: session gone → `/`; plan or account no longer
 * valid → the login screen with the server's message; temporary password → change it first.
 */
export function SessionWatcher() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const signedIn = Boolean(session.data);
  const idleTimeoutMs = session.data?.idleTimeoutMs ?? null;
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
    if (!signedIn || idleTimeoutMs === null) return;
    // A limit shortened for tests (TEST_SESSION_IDLE_MS) is checked and kept alive as often.
    const heartbeatMs = Math.min(HEARTBEAT_MS, idleTimeoutMs / 3);
    const checkEveryMs = Math.min(CHECK_EVERY_MS, idleTimeoutMs / 4);
    lastActivity.current = Date.now();
    const heartbeat = () => {
      lastHeartbeat.current = Date.now();
      void api('/auth/session').catch(() => undefined);
    };
    const onActivity = () => {
      const now = Date.now();
      lastActivity.current = now;
      if (now - lastHeartbeat.current > heartbeatMs) heartbeat();
    };
    const timer = window.setInterval(() => {
      const now = Date.now();
      if (now - lastActivity.current < idleTimeoutMs) return;
      if (idleSignOutHeld()) {
        // Not now: the server must not end the session meanwhile either.
        if (now - lastHeartbeat.current > heartbeatMs) heartbeat();
        return;
      }
      window.clearInterval(timer);
      void logout()
        .catch(() => undefined)
        .finally(leaveForHome);
    }, checkEveryMs);
    ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, onActivity, { passive: true }));
    return () => {
      window.clearInterval(timer);
      ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, onActivity));
    };
  }, [signedIn, idleTimeoutMs]);

  return <Outlet />;
}
