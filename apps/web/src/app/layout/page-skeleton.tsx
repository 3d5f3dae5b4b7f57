import { Container } from '../../components/ui/container';
import { Skeleton } from '../../components/ui/skeleton';

/** Its accessible name; scripts/prerender.mjs tells a loading page from a drawn one by it. */
export const PAGE_SKELETON_LABEL = 'Loading page';

/** Shown while a route's code loads: a calm outline of a page, not a spinner flash. */
export function PageSkeleton() {
  return (
    <Container className="py-12 sm:py-16" aria-busy="true" aria-label={PAGE_SKELETON_LABEL}>
      <Skeleton className="mx-auto h-9 w-2/3 max-w-md" />
      <Skeleton className="mx-auto mt-4 h-4 w-5/6 max-w-lg" />
      <Skeleton className="mx-auto mt-2 h-4 w-3/5 max-w-sm" />
      <div className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-40 rounded-xl" />
        <Skeleton className="h-40 rounded-xl" />
        <Skeleton className="hidden h-40 rounded-xl lg:block" />
      </div>
    </Container>
  );
}
