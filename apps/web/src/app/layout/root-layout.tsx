import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';
import { PageSkeleton } from './page-skeleton';
import { RouteErrorBoundary } from './route-error';
import { ScrollToTop } from './scroll-to-top';

export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-brand px-4 py-2 text-brand-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Header />
      {/* At least a screen tall (less the 4rem header): the footer starts below the fold, so a
          page growing as its code and data arrive never pushes a visible footer (no layout shift). */}
      <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 outline-none">
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
      <ScrollToTop />
    </div>
  );
}
