import { useEffect } from 'react';
import { useMatches } from 'react-router';
import type { RouteHandle } from './guards';

const APP_NAME = 'TableFlow';
// The landing page's title (index.html), for routes without a title of their own.
const initialTitle = document.title;

/** The tab's title of a screen: 'Staff · TableFlow'. */
export const pageTitle = (title: string) => `${title} · ${APP_NAME}`;

/** Sets the tab's title from the deepest matched route's `handle.title`. */
export function usePageTitle() {
  const matches = useMatches();
  const title = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .findLast((t) => t !== undefined);
  useEffect(() => {
    document.title = title ? pageTitle(title) : initialTitle;
  }, [title]);
}
