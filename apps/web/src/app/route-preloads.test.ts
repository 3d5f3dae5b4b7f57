import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@trustlinks/contract/constants';
import { getEntityDetail } from '../features/entities/api/get-entity-detail';
import { getOffer } from '../features/offers/api/get-offer';
import { json, stubFetch } from '../test/fetch';
import { ROUTE_PRELOADS, routePreloadScript, TOKEN_STORAGE_KEY } from './route-preloads';

// The pages' addresses name them by slug (issue 25).
const ID = 'horizon-ads-network';
const OFFER = 'keto-slim-pro-trial-3f9a2b1c';

/** The inline script as the build writes it, with one made-up file per route. */
const script = routePreloadScript(
  ROUTE_PRELOADS.map((route, i) => [
    route.path.source,
    [`/assets/chunk-${i}.js`],
    [...(route.reads ?? [])],
  ]),
);

function removeLinks() {
  for (const link of document.head.querySelectorAll('link')) link.remove();
}

/** The links the script adds when index.html is opened at `path`. */
function openAt(path: string) {
  removeLinks();
  window.history.pushState({}, '', path);
  new Function(script)();
  return [...document.head.querySelectorAll('link')].map((link) => ({
    rel: link.rel,
    as: link.getAttribute('as'),
    href: link.getAttribute('href'),
    crossOrigin: link.crossOrigin,
  }));
}

afterEach(() => {
  removeLinks();
  window.history.pushState({}, '', '/');
});

describe('route preloads', () => {
  it('checks the stored token under the contract key', () => {
    expect(TOKEN_STORAGE_KEY).toBe(STORAGE_KEYS.authToken);
  });

  it('preloads exactly the reads the pages make without a session (so the browser reuses them)', async () => {
    const fetchMock = stubFetch(() => json(404, { error: 'Not found' }));
    await getEntityDetail(ID, null).catch(() => undefined);
    await getOffer(OFFER).catch(() => undefined);
    const requested = fetchMock.mock.calls.map(([url, init]) => {
      expect(new Headers(init?.headers).has('Authorization')).toBe(false);
      return String(url);
    });
    const preloaded = [`/entity/${ID}`, `/offer/${OFFER}`].flatMap((path) =>
      openAt(path)
        .filter((link) => link.rel === 'preload')
        .map((link) => link.href),
    );
    expect(preloaded).toEqual(requested);
  });

  it('adds the page chunks and its reads for an entity page, as fetch preloads without credentials', () => {
    const links = openAt(`/entity/${ID}`);
    expect(links).toContainEqual({
      rel: 'preload',
      as: 'fetch',
      href: `/api/entities/public/${ID}`,
      crossOrigin: 'anonymous',
    });
    expect(links.filter((link) => link.rel === 'modulepreload')).toHaveLength(1);
  });

  it('preloads no read for a visitor with a stored session, only the chunks', () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 't');
    try {
      const links = openAt(`/offer/${OFFER}`);
      expect(links.map((link) => link.rel)).toEqual(['modulepreload']);
    } finally {
      localStorage.removeItem(STORAGE_KEYS.authToken);
    }
  });

  it('preloads nothing for an address that is not a slug, nor for an unknown path', () => {
    expect(openAt('/entity/E-1')).toEqual([]);
    expect(openAt('/entity/a--b')).toEqual([]);
    expect(openAt(`/entity/${ID}/x`)).toEqual([]);
    expect(openAt('/entity/%22%3E%3Cscript%3E')).toEqual([]);
    expect(openAt('/nowhere')).toEqual([]);
  });

  it('preloads the landing chunk on "/" and no read', () => {
    expect(openAt('/')).toEqual([
      { rel: 'modulepreload', as: null, href: '/assets/chunk-0.js', crossOrigin: 'anonymous' },
    ]);
  });
});
