import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { loadQueryClient } from './app/query-client-loader';
import { AppRoutes, preloadRoute } from './app/router';
import { PostbackProvider, takePostback } from './lib/postback';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

/**
 * Marks the page as live once React has hydrated or rendered it (`<html data-app="ready">`): a
 * server-rendered button is visible before it does anything, so journeys wait for this.
 */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}

// A form the browser posted before the app was here, as the server answered it (lib/postback.ts):
// the page hydrates with it as the server rendered it.
const postback = { current: takePostback() };

const app = (
  <StrictMode>
    <AppReady />
    <PostbackProvider value={postback}>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </PostbackProvider>
  </StrictMode>
);

// Loaded by boot.ts once the page has painted. The server rendered this page with its data
// (docs/decisions/021-server-rendering.md, src/entry-server.tsx): hydrate it once the page's code
// and the QueryClient (which starts with the data the server handed over) are there, so the first
// render is the server's and reads nothing again. In a transition: React then hydrates in slices of
// a few milliseconds, yielding to the browser between them, instead of one long task that a tap or
// a scroll would wait for. Anything else (a private page, a page the server could not render):
// render from scratch. A signed-in page's frame (data-ssr="frame": its heading, tabs and a skeleton,
// the same for everyone) is replaced by the page's first render, once the page's code and the
// QueryClient are there, so that render is the page (laid out as its frame) and not the layout's
// loading skeleton (docs/decisions/021-server-rendering.md, "Note (2026-11-29): signed-in pages'
// frame"). In a transition, as hydration is: React renders the page in slices of a few
// milliseconds (the frame stays on screen meanwhile) instead of one long task.
if (container.dataset.ssr === 'frame') {
  const render = () => {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  };
  void Promise.all([preloadRoute(window.location.pathname), loadQueryClient()]).then(
    render,
    render,
  );
} else if (container.dataset.ssr === 'hydrate') {
  const hydrate = () => {
    startTransition(() => {
      hydrateRoot(container, app);
    });
  };
  void Promise.all([preloadRoute(window.location.pathname), loadQueryClient()]).then(
    hydrate,
    hydrate,
  );
} else {
  createRoot(container).render(app);
}
