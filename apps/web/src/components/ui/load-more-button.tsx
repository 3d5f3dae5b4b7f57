import { Button } from './button';

interface LoadMoreButtonProps {
  /** An infinite list (TanStack `useInfiniteQuery`) that has a next page. */
  query: { isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label: string;
  /** Shown while the next page loads. */
  loadingLabel: string;
  /** Also off while this holds (older results on screen while new ones load). */
  disabled?: boolean;
}

/** 'Load more' under a list read page after page. */
export function LoadMoreButton({ query, label, loadingLabel, disabled }: LoadMoreButtonProps) {
  return (
    <Button
      variant="outline"
      disabled={query.isFetchingNextPage || disabled}
      onClick={() => void query.fetchNextPage()}
    >
      {query.isFetchingNextPage ? loadingLabel : label}
    </Button>
  );
}
