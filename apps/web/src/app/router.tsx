import { lazy } from 'react';
import type { ComponentType } from 'react';
import { Navigate, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { useSession } from '../lib/session';
import { RootLayout } from './layout/root-layout';

/** React.lazy for a named export: each page is its own chunk. */
function lazyPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

// Every route is code-split, the landing page included (scripts/report-budget.mjs counts its
// chunk in the first-paint budget of "/").
const LandingPage = lazyPage(() => import('../features/landing/pages/landing-page'), 'LandingPage');
const ShowcasePage = lazyPage(
  () => import('../features/showcase/pages/showcase-page'),
  'ShowcasePage',
);
const AdminPage = lazyPage(() => import('../features/admin/pages/admin-page'), 'AdminPage');
const AffiliatesWishlistPage = lazyPage(
  () => import('../features/wishlist/pages/affiliates-wishlist-page'),
  'AffiliatesWishlistPage',
);
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
const RegisterEntityPage = lazyPage(
  () => import('../features/entities/pages/register-entity-page'),
  'RegisterEntityPage',
);
const EntityDetailPage = lazyPage(
  () => import('../features/entities/pages/entity-detail-page'),
  'EntityDetailPage',
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
const AdvertiserDashboardPage = lazyPage(
  () => import('../features/dashboards/pages/advertiser-dashboard-page'),
  'AdvertiserDashboardPage',
);
const AffiliateDashboardPage = lazyPage(
  () => import('../features/dashboards/pages/affiliate-dashboard-page'),
  'AffiliateDashboardPage',
);
const NetworkDashboardPage = lazyPage(
  () => import('../features/dashboards/pages/network-dashboard-page'),
  'NetworkDashboardPage',
);
const UserDashboardPage = lazyPage(
  () => import('../features/dashboards/pages/user-dashboard-page'),
  'UserDashboardPage',
);
const ProfilePage = lazyPage(() => import('../features/profile/pages/profile-page'), 'ProfilePage');

/**
 * /login (SPEC §2.8): an admin who is logged in (and not in the forced password reset) sees the
 * admin panel in place of the login form. Composed here because features never import each other.
 */
export function LoginRoute() {
  const session = useSession();
  if (session?.user.role === 'admin' && !session.passwordResetRequired) return <AdminPage />;
  return <LoginPage />;
}

/**
 * The route table of SPEC §2.1.
 *
 * React Router runs in declarative mode (<BrowserRouter> + useRoutes), not as a data router:
 * data comes from TanStack Query, so loaders are not needed, and the data router costs ~17 KB
 * gzipped more on the first paint (budget: 120 KB). RootLayout supplies what the data router
 * would have: an error boundary per page and scroll-to-top on navigation.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'showcase', element: <ShowcasePage /> },
      { path: 'admin', element: <AdminPage /> },
      { path: 'affiliatedwishlist', element: <AffiliatesWishlistPage /> },
      { path: 'advertiserswishlist', element: <AdvertisersWishlistPage /> },
      // Spelled so in the product; /database (footer link) shows the same page.
      { path: 'affliate-industry', element: <CompanyDatabasePage /> },
      { path: 'database', element: <CompanyDatabasePage /> },
      { path: 'login', element: <LoginRoute /> },
      { path: 'signup', element: <SignupPage /> },
      { path: 'verify-email', element: <VerifyEmailPage /> },
      { path: 'register-entity', element: <RegisterEntityPage /> },
      { path: 'offers', element: <OffersPage /> },
      { path: 'writereview', element: <WriteReviewPage /> },
      { path: 'write-review', element: <WriteReviewPage /> },
      { path: 'review', element: <ReviewsPage /> },
      { path: 'advertiser-dashboard', element: <AdvertiserDashboardPage /> },
      { path: 'affiliate-dashboard', element: <AffiliateDashboardPage /> },
      { path: 'network-dashboard', element: <NetworkDashboardPage /> },
      { path: 'user-dashboard', element: <UserDashboardPage /> },
      { path: 'profile', element: <ProfilePage /> },
      { path: 'offer/:offerId', element: <OfferDetailPage /> },
      { path: 'entity/:entityId', element: <EntityDetailPage /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** Renders the page for the current location; needs a router (BrowserRouter, MemoryRouter) above. */
export function AppRoutes() {
  return useRoutes(routes);
}
