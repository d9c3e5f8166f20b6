import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { earlyPathsOf, startEarlyData } from './app/early-data';
import LandingPage from './features/landing/landing-page';

// The landing page is the shop window: it renders with React alone. The signed-in app (router,
// Mantine, TanStack Query) is a separate chunk, loaded only for the app's paths; the screen's
// data is asked for meanwhile (app/early-data.ts).
const root = createRoot(document.getElementById('root')!);
if (window.location.pathname === '/') {
  root.render(
    <StrictMode>
      <LandingPage />
    </StrictMode>,
  );
} else {
  startEarlyData(earlyPathsOf(window.location.pathname));
  void import('./app/app').then(({ renderApp }) => renderApp(root));
}
