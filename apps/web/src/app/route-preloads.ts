/**
 * What a page downloads of the app, and when (docs/decisions/019-route-preloads.md, and 021's
 * second amendment). For a page the server renders (docs/decisions/021-server-rendering.md; a
 * signed-in page's frame too, its "Note (2026-11-29): signed-in pages' frame"), the
 * app's chunks and the page's lazy ones are fetched side by side instead of one import after
 * another, and **only once the page has shown its content** (its first contentful paint): the
 * paint needs none of them, a phone on a slow connection would otherwise share its first second
 * between them and the page's style sheet and font, and Lighthouse counts every request that ends
 * before the largest paint in that paint. Any other address (a private page the browser renders)
 * needs the app to show anything: its chunks are fetched at once.
 *
 * vite.config.ts turns the table below into chunk files and writes them into the built
 * index.html as a non-executed JSON script (`PRELOADS_ELEMENT_ID`); src/boot.ts reads it.
 *
 * No API reads are preloaded any more: the server renders the public pages with their data and
 * hands it over in the page (app/page-data.ts), so the app does not read it again.
 */
import type {
  FramedPageName,
  IndexedPageName,
  PageEntry,
  PageName,
} from '@trustlinks/contract/pages';

export interface RoutePreload {
  /** Matched against location.pathname (anchored). */
  path: RegExp;
  /** Source modules (keys of Vite's manifest) whose chunks, with their imports, the page needs. */
  modules: readonly string[];
}

/** Every page that reads (app/router.tsx's lazyPage) waits for the QueryClient's chunk too. */
const QUERY_CLIENT = 'src/app/query-client.ts';

/** A role dashboard's first reads (features/dashboards/first-reads.ts), started beside its code. */
const DASHBOARD_FIRST_READS = 'src/features/dashboards/first-reads.ts';

/**
 * The source modules each server-rendered page needs at once, by its name in the page table
 * (@trustlinks/contract/pages); only indexed pages are server-rendered, and signed-in pages send
 * their frame (`frame`), so only they may be here. A server-rendered page not here hydrates once
 * its code has come (it is fetched with the app's).
 */
export const PAGE_MODULES: Partial<Record<IndexedPageName | FramedPageName, readonly string[]>> = {
  // The landing page does not wait for the QueryClient.
  home: ['src/features/landing/pages/landing-page.tsx'],
  login: ['src/features/auth/pages/login-page.tsx', QUERY_CLIENT],
  offers: ['src/features/offers/pages/offers-page.tsx', QUERY_CLIENT],
  // With the slots it renders at once (app/router.tsx's `preloads`): the reviews and the
  // TrustScore card.
  entity: [
    'src/features/entities/pages/entity-detail-page.tsx',
    'src/features/reviews/components/entity-reviews-list.tsx',
    'src/features/reviews/components/trust-score-card.tsx',
    QUERY_CLIENT,
  ],
  offer: ['src/features/offers/pages/offer-detail-page.tsx', QUERY_CLIENT],
  // A server-rendered form: its page hydrates with the app, so a send right after the app is up
  // is the page's own (docs/decisions/052 made the info pages server-rendered).
  contact: ['src/features/info/pages/contact-page.tsx', QUERY_CLIENT],
  reviewer: ['src/features/reviews/pages/public-review-pages.ts', QUERY_CLIENT],
  transparency: ['src/features/reviews/pages/public-review-pages.ts', QUERY_CLIENT],
  // The role dashboards' frames (docs/decisions/021-server-rendering.md, "Note (2026-11-29):
  // signed-in pages' frame") paint before the app: the page and its first reads' chunk are fetched
  // with the app once the frame has shown.
  advertiserDashboard: [
    'src/features/dashboards/pages/advertiser-dashboard-page.tsx',
    DASHBOARD_FIRST_READS,
    QUERY_CLIENT,
  ],
  affiliateDashboard: [
    'src/features/dashboards/pages/affiliate-dashboard-page.tsx',
    DASHBOARD_FIRST_READS,
    QUERY_CLIENT,
  ],
  networkDashboard: [
    'src/features/dashboards/pages/network-dashboard-page.tsx',
    DASHBOARD_FIRST_READS,
    QUERY_CLIENT,
  ],
};

/** A page table path as a pattern for location.pathname: `:name` is one segment. */
export function pathPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('\\/');
  return new RegExp(`^${source}$`);
}

/**
 * The preloads of the page table's pages (`PAGE_LIST` of @trustlinks/contract/pages, passed in:
 * vite.config.ts loads the table by its file, as Node cannot import the contract's TypeScript as
 * a package, and the app's entry needs none of it).
 */
export function routePreloads(
  pages: readonly (PageEntry & { name: PageName })[],
): readonly RoutePreload[] {
  return pages.flatMap(({ name, path }) => {
    const modules = PAGE_MODULES[name as IndexedPageName | FramedPageName];
    return modules ? [{ path: pathPattern(path), modules }] : [];
  });
}

/** The id of index.html's JSON script with the built table (`PreloadTable`). */
export const PRELOADS_ELEMENT_ID = 'route-preloads';

/** The table as the build writes it: chunk files instead of source modules. */
export interface PreloadTable {
  /** `[path pattern source, files]` for each page of `routePreloads`, the app's files included. */
  routes: [string, string[]][];
  /** The app's own files (main.tsx and its static imports): every page needs them. */
  app: string[];
}

/**
 * The files to preload at `pathname`, and whether it is a page the server renders (one of the
 * table's): only those paint before the app runs.
 */
export function preloadsFor(
  table: PreloadTable,
  pathname: string,
): { files: string[]; serverRendered: boolean } {
  const route = table.routes.find(([source]) => new RegExp(source).test(pathname));
  return route
    ? { files: route[1], serverRendered: true }
    : { files: table.app, serverRendered: false };
}

/** Reads the table index.html carries (none in development: Vite serves the modules itself). */
export function readPreloadTable(doc: Document = document): PreloadTable {
  const text = doc.getElementById(PRELOADS_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as PreloadTable) : { routes: [], app: [] };
}

export function addModulePreloads(files: readonly string[], doc: Document = document) {
  for (const href of files) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = 'anonymous';
    link.href = href;
    doc.head.appendChild(link);
  }
}

/**
 * A task boundary: the browser may paint and answer a tap before what follows runs (a signed-in
 * page's code is evaluated in steps: app/router.tsx dashboardHandle).
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * How many module preloads are added in one task. Each request costs the main thread a few
 * milliseconds on a phone (four times what a laptop takes); a signed-in page's 40-odd chunks
 * added at once were one task of 100–130 ms (docs/decisions/021-server-rendering.md, "Note
 * (2026-11-29): the frame's start in short tasks").
 */
export const PRELOADS_PER_TASK = 8;

/** addModulePreloads, PRELOADS_PER_TASK a task. */
export async function addModulePreloadsInSteps(files: readonly string[], doc: Document = document) {
  for (let at = 0; at < files.length; at += PRELOADS_PER_TASK) {
    if (at > 0) await nextTask();
    addModulePreloads(files.slice(at, at + PRELOADS_PER_TASK), doc);
  }
}

/**
 * Runs `then` in a task after the page's first contentful paint (the Paint Timing entry, which
 * comes once the frame is on screen, a frame or more after its paint callback). Where the browser
 * does not report it, after the next frame. `fallbackMs` bounds the wait: a page that never paints
 * content still starts.
 */
export function afterFirstContentfulPaint(then: () => void, fallbackMs = 5000) {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    setTimeout(then, 0);
  };
  if (
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      run();
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(() => {
      observer.disconnect();
      run();
    }, fallbackMs);
  } else {
    // A requestAnimationFrame callback runs just before a frame is painted; a task queued from it
    // runs after that paint.
    requestAnimationFrame(run);
  }
}
