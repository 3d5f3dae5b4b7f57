import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_LIST } from '@trustlinks/contract/pages';
import {
  addModulePreloads,
  addModulePreloadsInSteps,
  afterFirstContentfulPaint,
  PRELOADS_PER_TASK,
  PRELOADS_ELEMENT_ID,
  preloadsFor,
  readPreloadTable,
  routePreloads,
} from './route-preloads';
import type { PreloadTable } from './route-preloads';

const ROUTE_PRELOADS = routePreloads(PAGE_LIST);

// The pages' addresses name them by slug (docs/decisions/022).
const ID = 'horizon-ads-network';
const APP = ['/assets/main.js', '/assets/react.js'];

/** The table as the build writes it, with one made-up file per route (in the page table's order). */
const table: PreloadTable = {
  routes: ROUTE_PRELOADS.map((route, i) => [route.path.source, [`/assets/chunk-${i}.js`]]),
  app: APP,
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  for (const element of document.head.querySelectorAll('link, script')) element.remove();
});

describe('route preloads', () => {
  it('gives a server-rendered page its chunks', () => {
    expect(preloadsFor(table, '/')).toEqual({
      files: ['/assets/chunk-0.js'],
      serverRendered: true,
    });
    expect(preloadsFor(table, `/entity/${ID}`)).toEqual({
      files: ['/assets/chunk-3.js'],
      serverRendered: true,
    });
    expect(preloadsFor(table, `/offer/${ID}-1a2b3c4d`)).toEqual({
      files: ['/assets/chunk-2.js'],
      serverRendered: true,
    });
  });

  // A private page shows nothing until the app has run: nothing to wait for.
  it('gives a deeper or unknown path the app, as a page the browser renders', () => {
    for (const path of [`/entity/${ID}/x`, '/dashboard', '/admin']) {
      expect(preloadsFor(table, path)).toEqual({ files: APP, serverRendered: false });
    }
  });

  it('reads the table from index.html, and an empty one in development', () => {
    expect(readPreloadTable()).toEqual({ routes: [], app: [] });
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = PRELOADS_ELEMENT_ID;
    script.textContent = JSON.stringify(table);
    document.head.appendChild(script);
    expect(readPreloadTable()).toEqual(table);
  });

  it('adds module preloads at the default priority', () => {
    addModulePreloads(APP);
    expect(
      [...document.head.querySelectorAll('link')].map((link) => ({
        rel: link.rel,
        href: link.getAttribute('href'),
        crossOrigin: link.crossOrigin,
        fetchPriority: link.getAttribute('fetchpriority'),
      })),
    ).toEqual(
      APP.map((href) => ({
        rel: 'modulepreload',
        href,
        crossOrigin: 'anonymous',
        fetchPriority: null,
      })),
    );
  });
});

// A signed-in page's start in short tasks (docs/decisions/021-server-rendering.md, "Note
// (2026-11-29): the frame's start in short tasks").
describe('a page started in steps', () => {
  const files = Array.from({ length: 20 }, (_, i) => `/assets/file-${i}.js`);
  const links = () =>
    [...document.head.querySelectorAll('link')].map((l) => l.getAttribute('href'));

  it('adds its module preloads a few a task, in order', async () => {
    vi.useFakeTimers();
    const done = addModulePreloadsInSteps(files);
    expect(links()).toEqual(files.slice(0, PRELOADS_PER_TASK));
    await vi.advanceTimersByTimeAsync(0);
    expect(links()).toEqual(files.slice(0, 2 * PRELOADS_PER_TASK));
    await vi.runAllTimersAsync();
    await done;
    expect(links()).toEqual(files);
  });
});

describe('afterFirstContentfulPaint', () => {
  /** A PerformanceObserver that reports what the test hands it. */
  function stubPaintTiming() {
    const observers: { callback: PerformanceObserverCallback; disconnected: boolean }[] = [];
    class FakeObserver {
      static supportedEntryTypes = ['paint'];
      private readonly entry: (typeof observers)[number];
      constructor(callback: PerformanceObserverCallback) {
        this.entry = { callback, disconnected: false };
        observers.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.disconnected = true;
      }
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    return (name: string) => {
      for (const o of observers.filter((x) => !x.disconnected)) {
        const list = { getEntriesByName: (n: string) => (n === name ? [{ name }] : []) };
        o.callback(list as unknown as PerformanceObserverEntryList, {} as PerformanceObserver);
      }
    };
  }

  // Lighthouse counts a request that ends before the largest paint in it, and the paint callback
  // comes a frame or more before the frame is on screen.
  it('waits for the first contentful paint, not the first paint, and runs once', () => {
    vi.useFakeTimers();
    const report = stubPaintTiming();
    const then = vi.fn();
    afterFirstContentfulPaint(then);
    report('first-paint');
    vi.advanceTimersByTime(100);
    expect(then).not.toHaveBeenCalled();
    report('first-contentful-paint');
    vi.advanceTimersByTime(0);
    expect(then).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('starts anyway when no content is painted in time', () => {
    vi.useFakeTimers();
    stubPaintTiming();
    const then = vi.fn();
    afterFirstContentfulPaint(then, 2000);
    vi.advanceTimersByTime(1999);
    expect(then).not.toHaveBeenCalled();
    // The fallback, then the task it queues (a nested timer runs a millisecond later).
    vi.advanceTimersByTime(2);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('waits for the next frame where the browser does not report paints', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const then = vi.fn();
    afterFirstContentfulPaint(then);
    expect(then).not.toHaveBeenCalled();
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    expect(then).toHaveBeenCalledTimes(1);
  });
});
