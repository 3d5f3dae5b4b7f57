import { Suspense, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { matchRoutes, Navigate, useLocation, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { PAGE_ALIASES, PAGE_LIST, PAGES } from '@trustlinks/contract/pages';
import type { PageName } from '@trustlinks/contract/pages';
import { Skeleton } from '../components/ui/skeleton';
import { getSession, useSession } from '../lib/session';
import { NotFoundPage } from './layout/not-found-page';
import { RootLayout } from './layout/root-layout';
import { preloadable } from './preloadable';
import { loadQueryClient, withQueryClient } from './query-client-loader';
import { nextTask } from './route-preloads';

export { preloadEverything } from './preloadable';

/**
 * A lazy page (a named export): each page is its own chunk, loaded together with the QueryClient
 * (app/query-client-loader.ts) so that its queries find one.
 */
function lazyPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
) {
  const loadWithClient = withQueryClient(load);
  return preloadable(async () => (await loadWithClient())[name] as ComponentType);
}

// Every route is code-split, the landing page included (scripts/report-budget.mjs counts its
// chunk in the first-paint budget of "/"). Its figures and cards come from GET /landing (issue
// 24), so it loads with the QueryClient like every page that reads the API.
const LandingPage = lazyPage(() => import('../features/landing/pages/landing-page'), 'LandingPage');
const ShowcasePage = lazyPage(
  () => import('../features/showcase/pages/showcase-page'),
  'ShowcasePage',
);
const AffiliatesWishlistPage = lazyPage(
  () => import('../features/wishlist/pages/affiliates-wishlist-page'),
  'AffiliatesWishlistPage',
);
// The advertisers wishlist lives beside the affiliates wishlist.
const AdvertisersWishlistPage = lazyPage(
  () => import('../features/wishlist/pages/advertisers-wishlist-page'),
  'AdvertisersWishlistPage',
);
const CompanyDatabasePage = lazyPage(
  () => import('../features/companies/pages/company-database-page'),
  'CompanyDatabasePage',
);
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page'), 'LoginPage');
const SignupPage = lazyPage(() => import('../features/auth/pages/signup-page'), 'SignupPage');
const VerifyEmailPage = lazyPage(
  () => import('../features/auth/pages/verify-email-page'),
  'VerifyEmailPage',
);
// Ours (docs/decisions/010): the page of the mailed password reset link.
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/pages/reset-password-page'),
  'ResetPasswordPage',
);
const RegisterEntityPage = lazyPage(
  () => import('../features/entities/pages/register-entity-page'),
  'RegisterEntityPage',
);
const OffersPage = lazyPage(() => import('../features/offers/pages/offers-page'), 'OffersPage');
const OfferDetailPage = lazyPage(
  () => import('../features/offers/pages/offer-detail-page'),
  'OfferDetailPage',
);
const WriteReviewPage = lazyPage(
  () => import('../features/reviews/pages/write-review-page'),
  'WriteReviewPage',
);
const ReviewsPage = lazyPage(() => import('../features/reviews/pages/reviews-page'), 'ReviewsPage');
// The dashboards feature's page with the user's reviews in its tabs (app/user-dashboard.tsx).
const UserDashboardPage = lazyPage(() => import('./user-dashboard'), 'UserDashboardPage');
const NotificationsPage = lazyPage(
  () => import('../features/notifications/pages/notifications-page'),
  'NotificationsPage',
);
const UnsubscribePage = lazyPage(
  () => import('../features/notifications/pages/unsubscribe-page'),
  'UnsubscribePage',
);

// ---- compositions of the reviews feature into other features' pages (features never import
// each other). Each slot loads lazily with its own skeleton, so the page around it paints first.

/** A lazy component that takes props (with the QueryClient, as lazyPage). */
function lazyWithProps<P extends object>(load: () => Promise<ComponentType<P>>) {
  return preloadable(withQueryClient(load));
}

// The admin and entity pages take the slots, so they are loaded here with their props' types.
const AdminPage = lazyWithProps(() =>
  import('../features/admin/pages/admin-page').then((m) => m.AdminPage),
);
const EntityDetailPage = lazyWithProps(() =>
  import('../features/entities/pages/entity-detail-page').then((m) => m.EntityDetailPage),
);
// The role dashboards take the review management panel (docs/product/dashboards.md#advertiser-dashboard) as their Reviews tab.
const AdvertiserDashboardPage = lazyWithProps(() =>
  import('../features/dashboards/pages/advertiser-dashboard-page').then(
    (m) => m.AdvertiserDashboardPage,
  ),
);
const AffiliateDashboardPage = lazyWithProps(() =>
  import('../features/dashboards/pages/affiliate-dashboard-page').then(
    (m) => m.AffiliateDashboardPage,
  ),
);
const NetworkDashboardPage = lazyWithProps(() =>
  import('../features/dashboards/pages/network-dashboard-page').then((m) => m.NetworkDashboardPage),
);
// /profile takes the notification preferences of the notifications feature (docs/decisions/014).
const ProfilePage = lazyWithProps(() =>
  import('../features/profile/pages/profile-page').then((m) => m.ProfilePage),
);
const NotificationPreferences = lazyWithProps(() =>
  import('../features/notifications/components/notification-preferences').then(
    (m) => m.NotificationPreferences,
  ),
);
const EntityReviewPanel = lazyWithProps(() =>
  import('../features/reviews/components/entity-review-panel').then((m) => m.EntityReviewPanel),
);
const ReviewModerationTab = lazyWithProps(() =>
  import('../features/reviews/components/review-moderation-tab').then((m) => m.ReviewModerationTab),
);
const EntityReviewsList = lazyWithProps(() =>
  import('../features/reviews/components/entity-reviews-list').then((m) => m.EntityReviewsList),
);
const TrustScoreCard = lazyWithProps(() =>
  import('../features/reviews/components/trust-score-card').then((m) => m.TrustScoreCard),
);
// Decision 026: the pages the footer and sign-up point to, and the page for an unknown address.
const HelpPage = lazyPage(() => import('../features/info/pages/help-page'), 'HelpPage');
const ContactPage = lazyPage(() => import('../features/info/pages/contact-page'), 'ContactPage');
const TermsPage = lazyPage(() => import('../features/info/pages/terms-page'), 'TermsPage');
const PrivacyPage = lazyPage(() => import('../features/info/pages/privacy-page'), 'PrivacyPage');
const TrustScorePage = lazyPage(
  () => import('../features/reviews/pages/trustscore-page'),
  'TrustScorePage',
);

// Categories and comparison (docs/decisions/055): one page per type, and the compare page.
const CategoryPage = lazyWithProps(() =>
  import('../features/categories/pages/category-page').then((m) => m.CategoryPage),
);
const ComparePage = lazyPage(
  () => import('../features/categories/pages/compare-page'),
  'ComparePage',
);
// Decision 054: a reviewer's page and the transparency report (the reviews feature's).
const loadPublicReviewPages = () => import('../features/reviews/pages/public-review-pages');
const ReviewerPage = lazyPage(loadPublicReviewPages, 'ReviewerPage');
const TransparencyPage = lazyPage(loadPublicReviewPages, 'TransparencyPage');

function Slot({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Skeleton className="h-64 rounded-xl" />}>{children}</Suspense>;
}

/** The Reviews tab of the advertiser, affiliate and network dashboards. */
function EntityReviewsSlot() {
  return (
    <Slot>
      <EntityReviewPanel />
    </Slot>
  );
}

/** /admin: the admin panel with the Review Moderation tab (docs/product/admin.md). */
export function AdminRoute() {
  return (
    <AdminPage
      moderationTab={
        <Slot>
          <ReviewModerationTab />
        </Slot>
      }
    />
  );
}

/**
 * /entity/{slug}: the entity page with its reviews list (docs/product/entities.md#entity-page);
 * the reviews feature's parts read by the entity's id, known once the page has read it.
 */
export function EntityRoute() {
  return (
    <EntityDetailPage
      reviewsTab={(entityId) => (
        <Slot>
          <EntityReviewsList key={entityId} entityId={entityId} />
        </Slot>
      )}
      trustCard={(entityId) => (
        <Suspense fallback={<Skeleton className="h-44 rounded-xl" />}>
          <TrustScoreCard key={entityId} entityId={entityId} />
        </Suspense>
      )}
    />
  );
}

/**
 * /login (docs/product/accounts.md#login): an admin who is logged in (and not in the forced password
 * reset) gets the admin panel in place of the login form, at its own address (/admin, so the
 * address bar, a reload and a bookmark say where they are; docs/decisions/027-no-dead-ends.md).
 */
export function LoginRoute() {
  const session = useSession();
  if (session?.user.role === 'admin' && !session.passwordResetRequired) {
    return <Navigate to={PAGES.admin.path} replace />;
  }
  return <LoginPage />;
}

type DashboardRole = 'advertiser' | 'affiliate' | 'network';

/**
 * A role dashboard's first reads, started with its code instead of after it: the page's lists
 * (its first tab's among them) are asked for as soon as it is navigated to, by a small chunk that
 * loads beside the page's (features/dashboards/first-reads.ts), so the data and the code arrive
 * side by side (docs/decisions/051-trust-context.md, "Dashboards without waterfalls").
 */
function prefetchDashboard(role: DashboardRole) {
  if (typeof window === 'undefined') return;
  const session = getSession();
  if (session?.user.role !== role || session.passwordResetRequired) return;
  const search = window.location.search;
  void Promise.all([import('../features/dashboards/first-reads'), loadQueryClient()])
    .then(([reads, client]) => reads.prefetchFirstReads(client, role, session, search))
    .catch(() => undefined); // the page asks again and shows its own failure
}

/** A role dashboard's page, its first reads started at the navigation's first render. */
function DashboardRoute({ role, children }: { role: DashboardRole; children: ReactNode }) {
  useState(() => prefetchDashboard(role));
  return children;
}

/**
 * A role dashboard's `handle`: its page's code and, beside it, its first reads. main.tsx waits for
 * the code before replacing the server's frame of the page (docs/decisions/021-server-rendering.md,
 * "Note (2026-11-29): signed-in pages' frame"); the reads start with it rather than after it
 * (DashboardRoute asks again at its first render: TanStack Query shares the read under way).
 */
function dashboardHandle(
  role: DashboardRole,
  page: { preload: () => Promise<unknown> },
): RouteHandle {
  return {
    preload: async () => {
      prefetchDashboard(role);
      for (const step of DASHBOARD_CODE_STEPS) {
        await step();
        await nextTask();
      }
      return page.preload();
    },
  };
}

/**
 * The dashboards' heaviest code, evaluated a part a task before their page (whose import evaluates
 * what is left): building the contract's schemas for the dashboards' routes took most of one
 * 300–400 ms task on a phone when the page's import evaluated it all at once; in steps, the
 * browser can answer a tap between them (docs/decisions/021-server-rendering.md, "Note
 * (2026-11-29): the frame's start in short tasks"). Each is a module the page imports anyway.
 */
const DASHBOARD_CODE_STEPS: (() => Promise<unknown>)[] = [
  () => import('@trustlinks/contract/warnings'),
  () => import('@trustlinks/contract/entities'),
  () => import('@trustlinks/contract/offers'),
  () => import('@trustlinks/contract/offer-requests'),
  () => import('@trustlinks/contract/applications'),
  () => import('@trustlinks/contract/threads'),
];

/** A second spelling of an address: the one address, with the query and hash kept. */
function RedirectTo({ path }: { path: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: path, search, hash }} replace />;
}

/** A route's `handle`: what its page renders first, to load ahead (preloadRoute). */
interface RouteHandle {
  preload: () => Promise<unknown>;
}

/**
 * The page, and the lazy parts it renders at once (a slot's component): the server rendered them,
 * and a Suspense boundary whose code is not there yet stays dehydrated; the first update above it
 * (a hook that differs once hydrated, such as the tabs') then throws its server HTML away for the
 * fallback until the code arrives: the page jumps twice.
 */
function preloads(...parts: { preload: () => Promise<unknown> }[]): RouteHandle {
  return { preload: () => Promise.all(parts.map((part) => part.preload())) };
}

/** What the router shows at a page of the table: its element, and what it renders first. */
interface PageRoute {
  element: ReactNode;
  handle?: RouteHandle;
}

/**
 * The element of each page of the page table (@trustlinks/contract/pages, docs/product/screens.md#routes):
 * a Record, so a page added to the table does not compile until it has one here.
 */
const PAGE_ROUTES: Record<PageName, PageRoute> = {
  home: { element: <LandingPage />, handle: preloads(LandingPage) },
  showcase: { element: <ShowcasePage /> },
  admin: { element: <AdminRoute /> },
  affiliatesWishlist: { element: <AffiliatesWishlistPage /> },
  advertisersWishlist: { element: <AdvertisersWishlistPage /> },
  companies: { element: <CompanyDatabasePage /> },
  // The server renders the anonymous visitor's page (app/page-data.ts).
  login: { element: <LoginRoute />, handle: preloads(LoginPage) },
  signup: { element: <SignupPage />, handle: preloads(SignupPage) },
  verifyEmail: { element: <VerifyEmailPage /> },
  resetPassword: { element: <ResetPasswordPage />, handle: preloads(ResetPasswordPage) },
  registerEntity: { element: <RegisterEntityPage /> },
  offers: { element: <OffersPage />, handle: preloads(OffersPage) },
  writeReview: { element: <WriteReviewPage /> },
  reviews: { element: <ReviewsPage /> },
  trustScore: { element: <TrustScorePage /> },
  // Their one chunk is fetched beside the app's (app/route-preloads.ts PAGE_MODULES).
  reviewer: { element: <ReviewerPage /> },
  transparency: { element: <TransparencyPage /> },
  advertiserDashboard: {
    element: (
      <DashboardRoute role="advertiser">
        <AdvertiserDashboardPage reviewsTab={<EntityReviewsSlot />} />
      </DashboardRoute>
    ),
    handle: dashboardHandle('advertiser', AdvertiserDashboardPage),
  },
  affiliateDashboard: {
    element: (
      <DashboardRoute role="affiliate">
        <AffiliateDashboardPage reviewsTab={<EntityReviewsSlot />} />
      </DashboardRoute>
    ),
    handle: dashboardHandle('affiliate', AffiliateDashboardPage),
  },
  networkDashboard: {
    element: (
      <DashboardRoute role="network">
        <NetworkDashboardPage reviewsTab={<EntityReviewsSlot />} />
      </DashboardRoute>
    ),
    handle: dashboardHandle('network', NetworkDashboardPage),
  },
  userDashboard: { element: <UserDashboardPage /> },
  profile: {
    element: (
      <ProfilePage
        notificationSettings={
          <Slot>
            <NotificationPreferences />
          </Slot>
        }
      />
    ),
  },
  unsubscribe: { element: <UnsubscribePage /> },
  notifications: { element: <NotificationsPage /> },
  offer: { element: <OfferDetailPage />, handle: preloads(OfferDetailPage) },
  entity: {
    element: <EntityRoute />,
    handle: preloads(EntityDetailPage, EntityReviewsList, TrustScoreCard),
  },
  networks: { element: <CategoryPage type="network" />, handle: preloads(CategoryPage) },
  advertisers: { element: <CategoryPage type="advertiser" />, handle: preloads(CategoryPage) },
  affiliates: { element: <CategoryPage type="affiliate" />, handle: preloads(CategoryPage) },
  compare: { element: <ComparePage />, handle: preloads(ComparePage) },
  help: { element: <HelpPage /> },
  contact: { element: <ContactPage /> },
  terms: { element: <TermsPage /> },
  privacy: { element: <PrivacyPage /> },
};

/**
 * The route table: one route per page of the page table, at its path.
 *
 * React Router runs in declarative mode (<BrowserRouter> + useRoutes), not as a data router:
 * data comes from TanStack Query, so loaders are not needed, and the data router costs ~17 KB
 * gzipped more on the first paint (budget: 110 KB, scripts/report-budget.mjs). RootLayout
 * supplies what the data router would have: an error boundary per page and scroll-to-top on
 * navigation.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...PAGE_LIST.map(({ name, path }): RouteObject => {
        const { element, handle } = PAGE_ROUTES[name];
        return path === '/'
          ? { index: true, element, handle }
          : { path: path.slice(1), element, handle };
      }),
      // One address per page (docs/decisions/027): the spec's spellings are the addresses; the
      // correct spellings (and the old /database) redirect to them (the server with a 301).
      ...Object.entries(PAGE_ALIASES).map(([from, to]) => ({
        path: from.slice(1),
        element: <RedirectTo path={to} />,
      })),
      // The server answers it with status 404 (src/entry-server.tsx).
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Loads the code of the page at `pathname` without rendering it: main.tsx waits for it before
 * hydrating a server-rendered page, so the first render takes the page over instead of suspending.
 * Only the routes with a `handle` say what to load; the others hydrate once their code is there.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) => (route.handle as RouteHandle | undefined)?.preload()),
  );
}

/** Renders the page for the current location; needs a router (BrowserRouter, MemoryRouter) above. */
export function AppRoutes() {
  return useRoutes(routes);
}
