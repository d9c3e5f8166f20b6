import { useEffect, useSyncExternalStore } from 'react';
import { useMatches } from '../lib/router';
import type { RouteHandle } from './guards';

const APP_NAME = 'TableFlow';
// The landing page's title (index.html), for routes without a title of their own.
const initialTitle = document.title;

/** The tab's title of a screen: 'Staff · TableFlow'. */
export const pageTitle = (title: string) => `${title} · ${APP_NAME}`;

// The title of a page shown in place of the matched screen (the not-allowed page), if any.
let titleInstead: string | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
function setTitleInstead(title: string | null) {
  titleInstead = title;
  for (const listener of listeners) listener();
}

/**
 * For a page shown in place of the matched screen (the not-allowed page): the tab says what is
 * shown ('Not allowed · TableFlow'), not the screen that was refused.
 */
export function useTitleInstead(title: string | null) {
  useEffect(() => {
    setTitleInstead(title);
    return () => setTitleInstead(null);
  }, [title]);
}

/** Sets the tab's title from the deepest matched route's `handle.title`. */
export function usePageTitle() {
  const matches = useMatches();
  const instead = useSyncExternalStore(subscribe, () => titleInstead);
  const title =
    instead ??
    matches.map((match) => (match.handle as RouteHandle | undefined)?.title).findLast(Boolean);
  useEffect(() => {
    document.title = title ? pageTitle(title) : initialTitle;
  }, [title]);
}
