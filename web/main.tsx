import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { earlyPathsOf, startEarlyData } from './app/early-data';

// Two pages in one: the landing page (the shop window, React alone) and the signed-in app
// (router, TanStack Query; Mantine only with the screens drawn with it). Each is a chunk of its
// own, loaded only for its paths; the server names the right one in the page
// (server/plugins/web.ts), so it downloads alongside this script, and for the app's screens the
// data is asked for meanwhile (app/early-data.ts).
const root = createRoot(document.getElementById('root')!);
if (window.location.pathname === '/') {
  void import('./features/landing/landing-page').then(({ default: LandingPage }) =>
    root.render(
      <StrictMode>
        <LandingPage />
      </StrictMode>,
    ),
  );
} else {
  startEarlyData(earlyPathsOf(window.location.pathname));
  void import('./app/app').then(({ renderApp }) => renderApp(root));
}
