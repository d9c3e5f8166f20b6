import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app.css';
import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { TOAST } from '../../shared/constants';
import { queryClient } from '../lib/query-client';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

export function renderApp(root: Root) {
  // A transition: React renders the first screen in slices of a few milliseconds instead of
  // one long task, so a slow phone stays responsive meanwhile (Lighthouse's blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          {/* Placed by app.css (.tf-toasts): below the header, at the bottom on phones. */}
          <Notifications
            className="tf-toasts"
            position={TOAST.position}
            autoClose={TOAST.autoCloseMs}
            containerWidth={420}
          />
          <QueryClientProvider client={queryClient}>
            <ModalsProvider>
              <RouterProvider router={router} />
            </ModalsProvider>
          </QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    ),
  );
}
