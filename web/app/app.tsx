import '../components/kit/kit.css';
import './app.css';
import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '../lib/router';
import { whenIdle } from '../components/kit/lazy';
import { Toasts } from '../components/kit/toast';
import { queryClient } from '../lib/query-client';
import { router } from './router';

/**
 * The signed-in app: data and routes, no UI library. Mantine's providers and CSS come with the
 * screens and pieces drawn with it (the router's Mantine layout, `lazyMantine`).
 */
export function renderApp(root: Root) {
  // A transition: React renders the first screen in slices of a few milliseconds instead of
  // one long task, so a slow phone stays responsive meanwhile (Lighthouse's blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
        <Toasts />
      </StrictMode>,
    ),
  );
  // The installable app that opens offline (web/lib/offline-app.ts), once the first screen is
  // up (`npm run dev` has no service worker: its registration fails quietly there).
  whenIdle(() => void import('../lib/offline-app').then((app) => app.installOfflineApp()));
}
