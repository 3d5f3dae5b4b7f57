import { StrictMode } from 'react';
import interLatinUrl from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { dehydrate } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath, matchRoutes, StaticRouter, useRoutes } from 'react-router';
import { PAGE_LIST, PAGES, type RenderedPage } from '@trustlinks/contract/pages';
import type { FramedPageName } from '@trustlinks/contract/pages';
import { OG_IMAGE_SIZE } from '@trustlinks/contract/seo';
import { PAGE_DATA } from './app/page-data';
import { PAGE_FRAMES } from './app/page-frames';
import type { PageAt, PageHead } from './app/page-data';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadEverything, routes } from './app/router';
import { ApiClientError, setServerFetch } from './lib/api-client';
import { documentTitle } from './lib/use-document-title';
import { POSTBACK_ID, PostbackProvider } from './lib/postback';
import type { Postback } from './lib/postback';
import { NOT_FOUND_TEXT, NotFoundPage } from './app/layout/not-found-page';
import { RootLayout } from './app/layout/root-layout';

/**
 * The server's side of the one render path (docs/decisions/021-server-rendering.md): the API
 * (apps/api/src/modules/pages) loads this module from the SSR build (dist/ssr/entry-server.js) and
 * asks it for a page. The same routes and components as main.tsx, in a StaticRouter; the reads of
 * app/page-data.ts done first through `fetch` (the API answers them in-process), the page rendered
 * to a string, the data handed over as JSON.
 *
 * renderToString, not a streaming renderer: every page's code is loaded first (preloadEverything)
 * and its data fetched, so nothing suspends and the whole page is one string (kept whole by the
 * read cache, its status known before the first byte). The streaming and static renderers write
 * inline `<script>` instructions for boundaries that complete late, which the CSP blocks.
 */
let everythingLoaded: Promise<unknown> | undefined;

export interface RenderOptions {
  /** Answers the app's API reads (the API passes one that injects them in-process). */
  fetch: typeof fetch;
  /** APP_URL: canonical and Open Graph addresses. */
  appUrl: string;
  /**
   * A form the browser posted itself and the server answered (lib/postback.ts): the page shows
   * it, and the browser gets it in a non-executed script to hydrate with.
   */
  postback?: Postback;
}

/** The app's QueryClient module: main.tsx's entry loads it lazily, so it is imported so here too. */
const queryClientModule = () => import('./app/query-client');

/**
 * The address a page is rendered and kept (read cache) under: its path and, of its query, only
 * the parameters its PAGE_DATA entry reads, in name order (each name's values in their order).
 * Two addresses that differ in anything else (utm_*, fbclid, a cache-buster, the order of the
 * parameters) are one page and share one render; a page not in PAGE_DATA (a private page,
 * rendered in the browser, or an unknown address) reads no query at all on the server.
 */
export function pageAddress(url: string): string {
  const { pathname, searchParams } = new URL(url, 'http://ssr.invalid');
  const entry = PAGE_DATA.find((page) => matchPath(page.path, pathname) !== null);
  const kept = new URLSearchParams();
  for (const name of [...(entry?.query ?? [])].sort()) {
    for (const value of searchParams.getAll(name)) kept.append(name, value);
  }
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Pages rendered on the server for one visitor alone, from their whole address (a mailed link's
 * token): never kept by the read cache, never indexed; the server renders them so that their form
 * works without JavaScript (docs/decisions/015-form-binding.md, "Note (2026-11-29): sign-in
 * without JavaScript"). They read no API data.
 */
const PRIVATE_RENDERS: readonly string[] = [PAGES.resetPassword.path];

/** Whether `url` is a page rendered for one visitor alone (PRIVATE_RENDERS). */
export function isPrivateRender(url: string): boolean {
  const { pathname } = new URL(url, 'http://ssr.invalid');
  return PRIVATE_RENDERS.some((path) => matchPath(path, pathname) !== null);
}

/** The page of the page table marked `frame` at `url`'s path, if any (PAGE_FRAMES). */
function framedPage(url: string): FramedPageName | undefined {
  const { pathname } = new URL(url, 'http://ssr.invalid');
  const page = PAGE_LIST.find((entry) => entry.frame && matchPath(entry.path, pathname) !== null);
  return page?.name as FramedPageName | undefined;
}

/**
 * Whether `url` is answered with a signed-in page's frame (docs/decisions/021-server-rendering.md,
 * "Note (2026-11-29): signed-in pages' frame"): kept by the read cache like a public page (it is the
 * same for everyone) but not indexed.
 */
export function isFrame(url: string): boolean {
  return framedPage(url) !== undefined;
}

export async function renderPage(url: string, options: RenderOptions): Promise<RenderedPage> {
  setServerFetch(options.fetch);
  everythingLoaded ??= preloadEverything();
  await everythingLoaded;
  const { createQueryClient, QUERY_STATE_ID } = await queryClientModule();
  const appUrl = options.appUrl.replace(/\/+$/, '');
  const { pathname, searchParams } = new URL(url, 'http://ssr.invalid');

  const matches = matchRoutes(routes, pathname) ?? [];
  if (matches.length === 0 || matches.at(-1)?.route.path === '*') {
    return notFound(url, 404);
  }

  const page = PAGE_DATA.map((entry) => ({ entry, match: matchPath(entry.path, pathname) })).find(
    ({ match }) => match !== null,
  );
  const { postback } = options;
  if (!page?.match && isPrivateRender(url)) {
    const client = createQueryClient({ server: true });
    return {
      status: 200,
      mode: 'hydrate',
      html: renderToHtml(<AppRoutes />, url, client, postback),
      head: headTags({ title: documentTitle(), robots: 'noindex' }),
      state:
        jsonScript(QUERY_STATE_ID, 'application/json', dehydrate(client)) +
        (postback ? jsonScript(POSTBACK_ID, 'application/json', postback) : ''),
    };
  }
  const framed = page?.match ? undefined : framedPage(url);
  if (framed) {
    // A signed-in page: its frame, the same for everyone (no session on the server), which the
    // browser's render of the page replaces (createRoot, not hydration: main.tsx).
    const frame = PAGE_FRAMES[framed];
    const client = createQueryClient({ server: true });
    return {
      status: 200,
      mode: 'frame',
      html: renderToHtml(<FrameRoutes frame={frame.element} />, url, client),
      head: `${headTags({ title: documentTitle(frame.title), robots: 'noindex' })}\n    ${FONT_PRELOAD}`,
      state: '',
    };
  }
  if (!page?.match) {
    // A private or personal page: the browser renders it; search engines keep out.
    return {
      status: 200,
      mode: 'client',
      html: '',
      head: headTags({ title: documentTitle(), robots: 'noindex' }),
      state: '',
    };
  }

  const at: PageAt = { params: page.match.params, search: searchParams };
  const client = createQueryClient({ server: true });
  const results = await Promise.allSettled(page.entry.load?.(client, at) ?? []);
  for (const result of results) {
    if (result.status !== 'rejected') continue;
    const error: unknown = result.reason;
    if (error instanceof ApiClientError && (error.status === 404 || error.status === 410)) {
      return notFound(url, error.status);
    }
    throw error;
  }

  const html = renderToHtml(<AppRoutes />, url, client, postback);
  const head = page.entry.head(client, at, appUrl);
  return {
    status: 200,
    mode: 'hydrate',
    html,
    head: headTags({
      ...head,
      canonical: `${appUrl}${head.canonical}`,
      ...(head.image ? { image: `${appUrl}${head.image}` } : {}),
    }),
    state:
      jsonScript(QUERY_STATE_ID, 'application/json', dehydrate(client)) +
      (postback ? jsonScript(POSTBACK_ID, 'application/json', postback) : ''),
  };
}

/** The layout with the not-found page, whatever the address. */
function NotFoundRoutes() {
  return useRoutes([
    { element: <RootLayout />, children: [{ path: '*', element: <NotFoundPage /> }] },
  ]);
}

/**
 * A frame's text should first paint in the app's font: the page that replaces it (new elements)
 * is drawn in Inter, and a text drawn larger than the frame's fallback-font first paint is a new,
 * later largest paint (docs/decisions/021-server-rendering.md, "Note (2026-11-29): signed-in
 * pages' frame"). The hydrated pages keep their elements, so their first paint stays the largest.
 */
const FONT_PRELOAD = `<link rel="preload" href="${interLatinUrl}" as="font" type="font/woff2" crossorigin />`;

/** The layout with a page's frame (PAGE_FRAMES), whatever the address. */
function FrameRoutes({ frame }: { frame: ReactNode }) {
  return useRoutes([{ element: <RootLayout />, children: [{ path: '*', element: frame }] }]);
}

/** The app's not-found page; the browser renders it afresh (the route there may be a page's own). */
async function notFound(url: string, status: 404 | 410): Promise<RenderedPage> {
  const client = (await queryClientModule()).createQueryClient({ server: true });
  return {
    status,
    mode: 'static',
    html: renderToHtml(<NotFoundRoutes />, url, client),
    head: headTags({ title: documentTitle(NOT_FOUND_TEXT.title), robots: 'noindex' }),
    state: '',
  };
}

function renderToHtml(
  routesElement: ReactNode,
  url: string,
  client: QueryClient,
  postback?: Postback,
): string {
  return renderToString(
    <StrictMode>
      <PostbackProvider value={{ current: postback ?? null }}>
        <AppProviders queryClient={client}>
          <StaticRouter location={url}>{routesElement}</StaticRouter>
        </AppProviders>
      </PostbackProvider>
    </StrictMode>,
  );
}

// ---- head tags ------------------------------------------------------------------------------

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A non-executed script carrying JSON; `<` escaped so no text in it can close the element. */
function jsonScript(id: string | null, type: string, value: unknown): string {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="${type}"${id ? ` id="${id}"` : ''}>${json}</script>`;
}

function headTags(head: Partial<PageHead> & { title: string; robots?: 'noindex' }): string {
  const tags = [`<title>${escapeHtml(head.title)}</title>`];
  const meta = (
    attribute: 'name' | 'property',
    key: string,
    content: string | null | undefined,
  ) => {
    if (content) tags.push(`<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`);
  };
  meta('name', 'description', head.description);
  if (head.robots) meta('name', 'robots', head.robots);
  if (head.canonical) {
    tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
    meta('property', 'og:site_name', 'TrustLinks');
    meta('property', 'og:type', head.type ?? 'website');
    meta('property', 'og:title', head.title);
    meta('property', 'og:description', head.description);
    meta('property', 'og:url', head.canonical);
    // The picture the API draws for the page (docs/decisions/052-link-previews.md): its size
    // lets a preview lay out before fetching it; the big card shows it whole.
    const image = head.image;
    meta('property', 'og:image', image);
    if (image) {
      meta('property', 'og:image:type', 'image/png');
      meta('property', 'og:image:width', String(OG_IMAGE_SIZE.width));
      meta('property', 'og:image:height', String(OG_IMAGE_SIZE.height));
      meta('property', 'og:image:alt', head.title);
    }
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary');
    meta('name', 'twitter:title', head.title);
    meta('name', 'twitter:description', head.description);
    meta('name', 'twitter:image', image);
  }
  for (const document of head.jsonLd ?? []) {
    tags.push(jsonScript(null, 'application/ld+json', document));
  }
  return tags.join('\n    ');
}
