import { afterEach, describe, expect, it } from 'vitest';
import { ROUTE_PRELOADS, routePreloadScript } from './route-preloads';

// The pages' addresses name them by slug (issue 25).
const ID = 'horizon-ads-network';

/** The inline script as the build writes it, with one made-up file per route. */
const script = routePreloadScript(
  ROUTE_PRELOADS.map((route, i) => [route.path.source, [`/assets/chunk-${i}.js`]]),
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
    fetchPriority: link.getAttribute('fetchpriority'),
  }));
}

afterEach(() => {
  removeLinks();
  window.history.pushState({}, '', '/');
});

describe('route preloads', () => {
  // Low priority: the first paint needs none of them (src/boot.ts starts the app after it).
  it('adds the page chunks for an entity page, at low priority, and no API read (the server hands the data over)', () => {
    const links = openAt(`/entity/${ID}`);
    expect(links).toEqual([
      {
        rel: 'modulepreload',
        as: null,
        href: '/assets/chunk-3.js',
        crossOrigin: 'anonymous',
        fetchPriority: 'low',
      },
    ]);
  });

  it('preloads nothing for a deeper or unknown path', () => {
    expect(openAt(`/entity/${ID}/x`)).toEqual([]);
    expect(openAt('/nowhere')).toEqual([]);
  });

  it('preloads the landing chunk on "/"', () => {
    expect(openAt('/')).toEqual([
      {
        rel: 'modulepreload',
        as: null,
        href: '/assets/chunk-0.js',
        crossOrigin: 'anonymous',
        fetchPriority: 'low',
      },
    ]);
  });
});
