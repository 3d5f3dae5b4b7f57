import type { Role } from './constants';

/**
 * The page table (docs/architecture.md "Page table", docs/decisions/021-server-rendering.md): every
 * address of the web app, who may open it and whether search engines index it. The one list the
 * others are derived from: the web's router (app/router.tsx: one route per entry), what the server
 * renders (app/page-data.ts: exactly the indexed pages), the route preloads (app/route-preloads.ts),
 * robots.txt's Disallow lines and the sitemap's static pages (the API's seo module), and the links
 * the API puts into notifications and mails (`dashboardPath`).
 */

/**
 * Who a page is for. `public`: anyone; `signed-in`: a session's (the page sends a visitor to log
 * in, or shows a log-in prompt in place of its form); `one-time`: opened from a mailed link that
 * carries its token (verify, reset, unsubscribe). Only public pages are left to crawlers.
 */
export type PageAccess = 'public' | 'signed-in' | 'one-time';

export interface PageEntry {
  /** The address as a React Router pattern: `:name` for a segment (the row's slug). */
  readonly path: string;
  readonly access: PageAccess;
  /**
   * Search engines index it: the server renders it with its data and head tags, and the sitemap
   * lists it (a page with a `:param`, one per row: the entities' and offers' sitemaps). Any other
   * page is rendered in the browser and answered `noindex`.
   */
  readonly indexed: boolean;
  /**
   * The server sends the page's frame (docs/decisions/021-server-rendering.md, "Note (2026-11-29):
   * signed-in pages' frame"): what does not depend on who is signed in (the layout as a visitor
   * gets it, the page's heading, intro and tabs, a skeleton where the data goes), so that it paints
   * with the HTML; the browser then renders the page itself in its place. Never on an indexed page.
   */
  readonly frame?: true;
}

export const PAGES = {
  home: { path: '/', access: 'public', indexed: true },
  offers: { path: '/offers', access: 'public', indexed: true },
  offer: { path: '/offer/:offerId', access: 'public', indexed: true },
  entity: { path: '/entity/:entityId', access: 'public', indexed: true },
  trustScore: { path: '/trustscore', access: 'public', indexed: true },
  // A reviewer's page (docs/decisions/054): server-rendered; its head says noindex below 3
  // published, non-anonymous reviews, and the reviewers' sitemap lists only the indexed ones.
  reviewer: { path: '/reviewer/:slug', access: 'public', indexed: true },
  // The transparency report (docs/decisions/054): moderation figures per month.
  transparency: { path: '/transparency', access: 'public', indexed: true },
  // The misspelling is the address (docs/product/screens.md#routes).
  companies: { path: '/affliate-industry', access: 'public', indexed: true },
  // The category pages, one per type (docs/decisions/055): a vertical's companies ranked by
  // TrustScore (`all`: every vertical); the sitemap lists each type × vertical (CATEGORY_PATHS).
  networks: { path: '/networks/:vertical', access: 'public', indexed: true },
  advertisers: { path: '/advertisers/:vertical', access: 'public', indexed: true },
  affiliates: { path: '/affiliates/:vertical', access: 'public', indexed: true },
  // Up to three companies side by side (`?c=slug,slug,slug`; alone: the top networks).
  compare: { path: '/compare', access: 'public', indexed: true },
  login: { path: '/login', access: 'public', indexed: true },
  signup: { path: '/signup', access: 'public', indexed: true },
  showcase: { path: '/showcase', access: 'public', indexed: false },
  affiliatesWishlist: { path: '/affiliatedwishlist', access: 'public', indexed: false },
  advertisersWishlist: { path: '/advertiserswishlist', access: 'public', indexed: false },
  registerEntity: { path: '/register-entity', access: 'public', indexed: false },
  // The reviews hub: recent reviews, whose own pages are their entities' (reviewPath), and a
  // search; rendered in the browser, so neither indexed nor in the sitemap.
  reviews: { path: '/review', access: 'public', indexed: false },
  // The pages every site has: server-rendered, indexed and in the sitemap (docs/decisions/052).
  help: { path: '/help', access: 'public', indexed: true },
  contact: { path: '/contact', access: 'public', indexed: true },
  terms: { path: '/terms', access: 'public', indexed: true },
  privacy: { path: '/privacy', access: 'public', indexed: true },
  // The review form: a visitor gets a log-in prompt in its place.
  writeReview: { path: '/writereview', access: 'signed-in', indexed: false },
  admin: { path: '/admin', access: 'signed-in', indexed: false },
  advertiserDashboard: {
    path: '/advertiser-dashboard',
    access: 'signed-in',
    indexed: false,
    frame: true,
  },
  affiliateDashboard: {
    path: '/affiliate-dashboard',
    access: 'signed-in',
    indexed: false,
    frame: true,
  },
  networkDashboard: {
    path: '/network-dashboard',
    access: 'signed-in',
    indexed: false,
    frame: true,
  },
  userDashboard: { path: '/user-dashboard', access: 'signed-in', indexed: false },
  profile: { path: '/profile', access: 'signed-in', indexed: false },
  notifications: { path: '/notifications', access: 'signed-in', indexed: false },
  verifyEmail: { path: '/verify-email', access: 'one-time', indexed: false },
  resetPassword: { path: '/reset-password', access: 'one-time', indexed: false },
  unsubscribe: { path: '/unsubscribe', access: 'one-time', indexed: false },
} as const satisfies Record<string, PageEntry>;

export type PageName = keyof typeof PAGES;

/** The pages the server renders (and search engines index). */
export type IndexedPageName = {
  [K in PageName]: (typeof PAGES)[K]['indexed'] extends true ? K : never;
}[PageName];

/** The pages the server answers with their frame (`frame`), rendered in the browser. */
export type FramedPageName = {
  [K in PageName]: (typeof PAGES)[K] extends { frame: true } ? K : never;
}[PageName];

/** The table as a list, in its order. */
export const PAGE_LIST: readonly (PageEntry & { name: PageName })[] = (
  Object.keys(PAGES) as PageName[]
).map((name) => ({ name, ...PAGES[name] }));

/** Whether a page is one per row (its path has a `:param`). */
export const isRowPage = (page: PageEntry): boolean => page.path.includes('/:');

/**
 * The sitemap's static pages: the indexed pages without a param (the others are listed one per
 * row by the entities' and offers' sitemaps, and the category pages by SITEMAP_PAGE_PATHS,
 * ./sitemap-paths.ts).
 */
export const SITEMAP_STATIC_PATHS: readonly string[] = PAGE_LIST.filter(
  (page) => page.indexed && !isRowPage(page),
).map((page) => page.path);

/** What crawlers are asked to leave alone of the pages: every page that is not public. */
export const PRIVATE_PAGE_PATHS: readonly string[] = PAGE_LIST.filter(
  (page) => page.access !== 'public',
).map((page) => page.path);

/**
 * One address per page (docs/decisions/027): the spec's spellings are the addresses; these other
 * spellings answer 301 from the server and redirect in the app, query and hash kept.
 */
export const PAGE_ALIASES: Readonly<Record<string, string>> = {
  '/affiliate-industry': PAGES.companies.path,
  '/database': PAGES.companies.path,
  '/affiliateswishlist': PAGES.affiliatesWishlist.path,
  '/affiliates-wishlist': PAGES.affiliatesWishlist.path,
  '/write-review': PAGES.writeReview.path,
};

// ---- dashboards ---------------------------------------------------------------------------------

/** Each role's dashboard (docs/product/screens.md#header): the admin's is the admin panel. */
const DASHBOARD_OF: Record<Role, PageName> = {
  user: 'userDashboard',
  advertiser: 'advertiserDashboard',
  affiliate: 'affiliateDashboard',
  network: 'networkDashboard',
  admin: 'admin',
};

/** The dashboard tabs that links open (the tab is the page's `?tab=`). */
export type DashboardTab =
  'overview' | 'offers' | 'applications' | 'my-applications' | 'requests' | 'messages' | 'reviews';

/**
 * The dashboard of a role (an entity's type is its users' role), on `tab` if given; any other or
 * no role gets the user dashboard. The web's links and redirects, and the API's notification and
 * mail links, all build it here.
 */
export function dashboardPath(
  role: string | null | undefined,
  tab?: DashboardTab,
  focus?: DashboardFocus,
): string {
  const name =
    role && Object.hasOwn(DASHBOARD_OF, role) ? DASHBOARD_OF[role as Role] : 'userDashboard';
  const path = PAGES[name].path;
  const query = [
    ...(tab ? [`tab=${tab}`] : []),
    ...(focus ? [`${focus.kind}=${encodeURIComponent(focus.id)}`] : []),
  ].join('&');
  return query ? `${path}?${query}` : path;
}

/**
 * The one thing a dashboard link is about (docs/decisions/027-no-dead-ends.md): the tab opens on
 * it (`?tab=requests&request={id}`: the request's bids, or the request to bid on).
 */
export interface DashboardFocus {
  kind: (typeof DASHBOARD_FOCUS_PARAM)[keyof typeof DASHBOARD_FOCUS_PARAM];
  id: string;
}
/** `thread`: the Messages tab opens that conversation (docs/decisions/050-deal-threads.md). */
export const DASHBOARD_FOCUS_PARAM = { request: 'request', thread: 'thread' } as const;

/**
 * A page rendered on the server (docs/decisions/021-server-rendering.md): what the web's SSR build
 * (apps/web/src/entry-server.tsx renderPage) answers the API's pages module.
 */
export interface RenderedPage {
  status: 200 | 404 | 410;
  /**
   * `hydrate`: `html` is the page with its data, to be hydrated; `static`: `html` is a page the
   * app renders afresh (not found); `frame`: `html` is a signed-in page's frame (`PageEntry.frame`,
   * the same for everyone), which the browser's render of the page replaces; `client`: no HTML (a
   * private page, rendered in the browser).
   */
  mode: 'hydrate' | 'static' | 'frame' | 'client';
  /** What goes into <div id="root">. */
  html: string;
  /** Tags for <head>: title, description, canonical, Open Graph, Twitter, JSON-LD, robots. */
  head: string;
  /** The non-executed script with the QueryClient's state, placed after the root. */
  state: string;
}
