import { StrictMode } from 'react';
import { render } from 'preact';
import type { ComponentChild } from 'preact';
import { BrowserRouter } from 'react-router';
import '@fontsource-variable/inter';
import './index.css';
import './lib/preact-autofocus';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadRoute } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

const app = (
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);
// Preact's own render, not createRoot (which empties the container first, as React's does): it
// takes over the DOM already in the container, element by element, and corrects what differs (on
// React this would be hydrateRoot).
const start = () => render(app as ComponentChild, container);

// The server sent this page prerendered (docs/decisions/020-prerendered-pages.md, scripts/prerender.mjs).
// A whole page: render once its code is there (it is downloading already, app/route-preloads.ts),
// so the first render keeps the painted page instead of putting the loading skeleton in its place.
// The layout and the page skeleton: render now, as without prerendering; the skeleton stays until
// the page replaces it.
// (Empty for a visitor with a session: route-preloads.ts's PRERENDER_SESSION_SCRIPT.)
if (container.dataset.prerendered === 'page' && container.firstElementChild) {
  void preloadRoute(window.location.pathname).then(start, start);
} else {
  start();
}
