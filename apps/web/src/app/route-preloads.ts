/**
 * What index.html starts downloading for the address it is opened at, beside the entry instead of
 * after it has run (docs/decisions/019-route-preloads.md): the page's lazy chunks and, for a
 * visitor with no stored session, the page's first API reads. vite.config.ts
 * writes this table into a small inline script of the built index.html (one script for every
 * route, so the server's CSP allows it by one hash).
 *
 * A read is preloaded only without a stored token: the browser hands a preloaded answer to the
 * page's fetch of the same address whatever its headers, so a logged-in visitor (whose reads carry
 * the token and may be answered differently) must never get an anonymous one. The server cannot
 * tell (the token lives in localStorage), which is why this is done in the page and not by the API.
 */
export interface RoutePreload {
  /** Matched against location.pathname (anchored); its first group is the page's id. */
  path: RegExp;
  /** Source modules (keys of Vite's manifest) whose chunks, with their imports, the page needs. */
  modules: readonly string[];
  /** API reads the page makes first for a visitor with no stored session; `{id}`: the group. */
  reads?: readonly string[];
  /**
   * The HTML scripts/prerender.mjs writes for this route at build time, so a phone paints before
   * the JS has run (docs/decisions/020-prerendered-pages.md): the page as its first render shows
   * it to a visitor with no session (`'page'`: it needs no data to paint, or shows a skeleton while
   * its data loads), or the layout with the page skeleton (`'layout'`: a page drawn from its data).
   * `at`: the address it is rendered at; `name`: its file, dist/prerendered/{name}.html.
   */
  prerender: { name: string; at: string; content: 'page' | 'layout' };
}

/**
 * STORAGE_KEYS.authToken of the contract (route-preloads.test.ts checks they agree): vite.config.ts
 * imports this file, and Node, which loads the config, cannot load the contract's TypeScript.
 */
export const TOKEN_STORAGE_KEY = 'authToken';

/**
 * The inline script right after `<div id="root">`: the prerendered page is the one an anonymous
 * visitor sees (a header with "Log in"), so with a stored token it is removed before it paints and
 * the app renders from scratch, as without prerendering.
 */
export const PRERENDER_SESSION_SCRIPT =
  `try{if(localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)}))` +
  `document.getElementById('root').textContent=''}catch(e){}`;
/** The pages' addresses name them by slug (issue 25; the server answers others with a 301). */
const SLUG = '([a-z0-9]+(?:-[a-z0-9]+)*)';
/** Every page that reads (app/router.tsx's lazyPage) waits for the QueryClient's chunk too. */
const QUERY_CLIENT = 'src/app/query-client.ts';
/** Made-up addresses for the entity and offer pages' prerendered layout (no content uses them). */
const SAMPLE_ENTITY = 'sample-company';
const SAMPLE_OFFER = 'sample-offer-00000000';

export const ROUTE_PRELOADS: readonly RoutePreload[] = [
  // The landing page makes no API calls and does not wait for the QueryClient.
  {
    path: /^\/$/,
    modules: ['src/features/landing/pages/landing-page.tsx'],
    prerender: { name: 'landing', at: '/', content: 'page' },
  },
  {
    path: /^\/login$/,
    modules: ['src/features/auth/pages/login-page.tsx', QUERY_CLIENT],
    prerender: { name: 'login', at: '/login', content: 'page' },
  },
  {
    path: /^\/offers$/,
    modules: ['src/features/offers/pages/offers-page.tsx', QUERY_CLIENT],
    // The filters and the skeleton of the results (the address has no filters: see the decision).
    prerender: { name: 'offers', at: '/offers', content: 'page' },
  },
  {
    path: new RegExp(`^/entity/${SLUG}$`),
    // Not the TrustScore card's chunk: it renders beside the page, not before it, and brings zod.
    modules: ['src/features/entities/pages/entity-detail-page.tsx', QUERY_CLIENT],
    // getEntityDetail's public read, by the address's slug. (The TrustScore card reads by the
    // entity's id, known only from this answer.)
    reads: ['/api/entities/public/{id}'],
    prerender: { name: 'entity', at: `/entity/${SAMPLE_ENTITY}`, content: 'layout' },
  },
  {
    path: new RegExp(`^/offer/${SLUG}$`),
    modules: ['src/features/offers/pages/offer-detail-page.tsx', QUERY_CLIENT],
    reads: ['/api/offers/{id}'],
    prerender: { name: 'offer', at: `/offer/${SAMPLE_OFFER}`, content: 'layout' },
  },
];

/**
 * The inline script: `routes` is the table with its modules turned into the chunk files to
 * preload (`[path source, files, reads]`). Kept small and in ES5: it runs before anything else.
 */
export function routePreloadScript(routes: readonly [string, string[], string[]][]): string {
  return (
    `(function(){var r=${JSON.stringify(routes)},d=document,i,j,m,t,l;` +
    `function a(h,s){l=d.createElement('link');l.rel=s?'preload':'modulepreload';if(s)l.setAttribute('as','fetch');` +
    `l.crossOrigin='anonymous';l.href=h;d.head.appendChild(l)}` +
    `for(i=0;i<r.length;i++){m=new RegExp(r[i][0]).exec(location.pathname);if(!m)continue;` +
    `for(j=0;j<r[i][1].length;j++)a(r[i][1][j]);` +
    `try{t=localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)})}catch(e){t='-'}` +
    `if(!t)for(j=0;j<r[i][2].length;j++)a(r[i][2][j].replace('{id}',m[1]),1);break}})()`
  );
}
