import '../components/kit/kit.css';
import './app.css';
import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '../lib/router';
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
}
