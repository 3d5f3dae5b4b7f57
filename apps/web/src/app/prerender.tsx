import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, useRoutes } from 'react-router';
import { PAGE_SKELETON_LABEL, PageSkeleton } from './layout/page-skeleton';
import { RootLayout } from './layout/root-layout';
import { AppProviders } from './providers';
import type { RoutePreload } from './route-preloads';
import { AppRoutes, preloadRoute } from './router';

/** The layout with the page skeleton in its outlet: what the app shows while a page loads. */
function LayoutOnly() {
  return useRoutes([
    { element: <RootLayout />, children: [{ path: '*', element: <PageSkeleton /> }] },
  ]);
}

/**
 * Renders a prerendered route (route-preloads.ts) into `container` as the app's first render shows
 * it to a visitor with no session (main.tsx renders the same tree, in a BrowserRouter). Run at
 * build time in jsdom by scripts/prerender.mjs (docs/decisions/020-prerendered-pages.md); the
 * returned function unmounts it.
 */
export async function prerender(
  { at, content }: RoutePreload['prerender'],
  container: HTMLElement,
): Promise<() => void> {
  if (content === 'page') await preloadRoute(at);
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <AppProviders>
        <MemoryRouter initialEntries={[at]}>
          {content === 'page' ? <AppRoutes /> : <LayoutOnly />}
        </MemoryRouter>
      </AppProviders>
    </StrictMode>,
  );
  return () => root.unmount();
}

/** Whether `container` shows the page skeleton (a page whose code or data is still loading). */
export function showsPageSkeleton(container: HTMLElement): boolean {
  return container.querySelector(`[aria-label="${PAGE_SKELETON_LABEL}"]`) !== null;
}
