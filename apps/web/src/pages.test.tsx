import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  isRowPage,
  PAGE_ALIASES,
  PAGE_LIST,
  PRIVATE_PAGE_PATHS,
  SITEMAP_STATIC_PATHS,
} from '@trustlinks/contract/pages';
import { entityPath, offerPath, reviewerPath } from '@trustlinks/contract/paths';
import { SITEMAP_PAGE_PATHS } from '@trustlinks/contract/sitemap-paths';
import { isPrivateRender, renderPage } from './entry-server';
import { PAGE_DATA } from './app/page-data';
import { pathPattern, routePreloads } from './app/route-preloads';
import { routes } from './app/router';

/**
 * The page table (@trustlinks/contract/pages) is the one list of pages: these check that what is
 * derived from it keeps to it (docs/architecture.md "Page table").
 */

/** An address of the page: a row page's `:param` filled with a slug. */
const addressOf = (path: string) => path.replace(/:[^/]+/g, 'some-slug-1a2b3c4d');

/** The server's reads: a fixed page reads nothing; a page that does gets nothing to show. */
const noRows = (async () =>
  new Response(JSON.stringify({ error: 'Not found' }), {
    status: 404,
    headers: { 'content-type': 'application/json' },
  })) as typeof fetch;

const render = (path: string) =>
  renderPage(addressOf(path), { fetch: noRows, appUrl: 'https://trustlinks.example' });

const indexed = PAGE_LIST.filter((page) => page.indexed);
const notIndexed = PAGE_LIST.filter((page) => !page.indexed);

describe('the page table', () => {
  it('every indexed page is server-rendered, and no other', () => {
    expect(PAGE_DATA.map((page) => page.path)).toEqual(indexed.map((page) => page.path));
  });

  it('every indexed page is in the sitemap: the static pages, or one per row', () => {
    for (const page of indexed) {
      if (isRowPage(page)) {
        // The entities', offers' and reviewers' sitemaps list every (indexed) row at entityPath /
        // offerPath / reviewerPath (docs/decisions/054); the pages' sitemap every category page
        // (a type × a vertical, docs/decisions/055).
        const rowPaths = [
          entityPath('a-slug'),
          offerPath('a-slug'),
          reviewerPath('0123456789ab'),
          ...SITEMAP_PAGE_PATHS,
        ];
        expect(rowPaths.some((path) => pathPattern(page.path).test(path))).toBe(true);
      } else {
        expect(SITEMAP_STATIC_PATHS).toContain(page.path);
      }
    }
    expect(SITEMAP_STATIC_PATHS).toEqual(
      indexed.filter((page) => !isRowPage(page)).map((page) => page.path),
    );
    // The reviews hub is rendered in the browser: neither indexed nor in the sitemap.
    expect(SITEMAP_STATIC_PATHS).not.toContain('/review');
  });

  it.each(indexed.filter((page) => !isRowPage(page)).map((page) => [page.path]))(
    'indexed %s renders on the server with its head, without noindex',
    async (path) => {
      const page = await render(path);
      expect([page.status, page.mode]).toEqual([200, 'hydrate']);
      expect(page.head).toContain('<link rel="canonical"');
      expect(page.head).not.toContain('noindex');
    },
    60_000,
  );

  it.each(indexed.filter(isRowPage).map((page) => [page.path]))(
    'indexed %s reads its row on the server: a missing one answers 404',
    async (path) => {
      const page = await render(path);
      expect([page.status, page.mode]).toEqual([404, 'static']);
    },
    60_000,
  );

  it.each(
    notIndexed
      .filter((page) => !isPrivateRender(page.path) && !page.frame)
      .map((page) => [page.path]),
  )(
    '%s is not indexed: rendered in the browser, noindex',
    async (path) => {
      const page = await render(path);
      expect([page.status, page.mode]).toEqual([200, 'client']);
      expect(page.head).toContain('<meta name="robots" content="noindex" />');
    },
    60_000,
  );

  // docs/decisions/021-server-rendering.md, "Note (2026-11-29): signed-in pages' frame".
  it.each(notIndexed.filter((page) => page.frame).map((page) => [page.path]))(
    '%s is not indexed: its frame, rendered in the browser, noindex',
    async (path) => {
      const page = await render(path);
      expect([page.status, page.mode]).toEqual([200, 'frame']);
      expect(page.html).toContain('<h1');
      expect(page.head).toContain('<meta name="robots" content="noindex" />');
    },
    60_000,
  );

  // A mailed link's page, rendered for its visitor alone so that its form works without
  // JavaScript (docs/decisions/015-form-binding.md, "Note (2026-11-29): sign-in without JavaScript").
  it('/reset-password is rendered on the server with its token, noindex', async () => {
    expect(isPrivateRender('/reset-password?token=abc')).toBe(true);
    const page = await render('/reset-password?token=abc');
    expect([page.status, page.mode]).toEqual([200, 'hydrate']);
    expect(page.head).toContain('<meta name="robots" content="noindex" />');
    expect(page.html).toContain('name="new_password"');
    const noToken = await render('/reset-password');
    expect(noToken.html).not.toContain('name="new_password"');
  }, 60_000);

  it('robots.txt keeps crawlers off every page that is not public, and only those', () => {
    expect(PRIVATE_PAGE_PATHS).toEqual(
      PAGE_LIST.filter((page) => page.access !== 'public').map((page) => page.path),
    );
    // A public page left open: not one of them is disallowed by a prefix of a private one.
    for (const page of PAGE_LIST.filter((p) => p.access === 'public')) {
      expect(PRIVATE_PAGE_PATHS.some((path) => addressOf(page.path).startsWith(path))).toBe(false);
    }
    // Every non-public page is one the browser renders (a session's or a token's).
    for (const page of PAGE_LIST.filter((p) => p.access !== 'public')) {
      expect(page.indexed).toBe(false);
    }
  });

  it('preloads only pages the server renders, or sends the frame of', () => {
    for (const { path } of routePreloads(PAGE_LIST)) {
      const page = PAGE_LIST.find((p) => pathPattern(p.path).source === path.source);
      expect(page?.indexed || page?.frame).toBe(true);
    }
  });
});

describe('the router', () => {
  const children = routes[0]!.children!;

  it('has one route per page of the table, at its path', () => {
    for (const page of PAGE_LIST) {
      const matches = matchRoutes(routes, addressOf(page.path)) ?? [];
      const route = matches.at(-1)?.route;
      expect(route, page.path).toBeDefined();
      expect(route?.path, page.path).not.toBe('*');
      expect(route?.index ? '/' : `/${route?.path}`).toBe(page.path);
    }
    // And nothing else: the pages, the other spellings, the not-found page.
    expect(children).toHaveLength(PAGE_LIST.length + Object.keys(PAGE_ALIASES).length + 1);
  });

  it('sends every other spelling to a page of the table', () => {
    for (const [from, to] of Object.entries(PAGE_ALIASES)) {
      expect(children.some((route) => route.path === from.slice(1))).toBe(true);
      expect(PAGE_LIST.some((page) => page.path === to)).toBe(true);
    }
  });
});
