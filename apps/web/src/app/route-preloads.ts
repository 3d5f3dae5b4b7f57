/**
 * What index.html starts downloading for the address it is opened at, beside the entry instead of
 * after it has run (docs/decisions/019-route-preloads.md): the page's lazy chunks, so the app
 * hydrates the server-rendered page (docs/decisions/021-server-rendering.md) sooner. vite.config.ts
 * writes this table into a small inline script of the built index.html (one script for every
 * route, so the server's CSP allows it by one hash). At low priority (`fetchPriority`): the first
 * paint needs none of them (src/boot.ts runs the app after it), so they must not hold up the
 * page's style sheet and font on a slow connection.
 *
 * No API reads are preloaded any more: the server renders the public pages with their data and
 * hands it over in the page (app/page-data.ts), so the app does not read it again.
 */
export interface RoutePreload {
  /** Matched against location.pathname (anchored). */
  path: RegExp;
  /** Source modules (keys of Vite's manifest) whose chunks, with their imports, the page needs. */
  modules: readonly string[];
}

/** Every page that reads (app/router.tsx's lazyPage) waits for the QueryClient's chunk too. */
const QUERY_CLIENT = 'src/app/query-client.ts';

export const ROUTE_PRELOADS: readonly RoutePreload[] = [
  // The landing page does not wait for the QueryClient.
  { path: /^\/$/, modules: ['src/features/landing/pages/landing-page.tsx'] },
  { path: /^\/login$/, modules: ['src/features/auth/pages/login-page.tsx', QUERY_CLIENT] },
  { path: /^\/offers$/, modules: ['src/features/offers/pages/offers-page.tsx', QUERY_CLIENT] },
  {
    path: /^\/entity\/[^/]+$/,
    // Not the TrustScore card's chunk: it renders beside the page, not before it, and brings zod.
    modules: ['src/features/entities/pages/entity-detail-page.tsx', QUERY_CLIENT],
  },
  {
    path: /^\/offer\/[^/]+$/,
    modules: ['src/features/offers/pages/offer-detail-page.tsx', QUERY_CLIENT],
  },
];

/**
 * The inline script: `routes` is the table with its modules turned into the chunk files to
 * preload (`[path source, files]`). Kept small and in ES5: it runs before anything else.
 */
export function routePreloadScript(routes: readonly [string, string[]][]): string {
  return (
    `(function(){var r=${JSON.stringify(routes)},d=document,i,j,l;` +
    `for(i=0;i<r.length;i++){if(!new RegExp(r[i][0]).test(location.pathname))continue;` +
    `for(j=0;j<r[i][1].length;j++){l=d.createElement('link');l.rel='modulepreload';` +
    `l.crossOrigin='anonymous';l.setAttribute('fetchpriority','low');l.href=r[i][1][j];d.head.appendChild(l)}break}})()`
  );
}
