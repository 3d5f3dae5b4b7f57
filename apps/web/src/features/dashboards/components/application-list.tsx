import type { ReactNode } from 'react';
import Inbox from 'lucide-react/icons/inbox';
import type { Application, ApplicationStatus } from '@trustlinks/contract/applications';
import { Pager } from '../../../components/ui/pager';
import { usePagedFilter } from '../../../lib/use-paged-filter';
import type { useApplications } from '../api/get-applications';
import { APPLICATIONS_TEXT as T } from '../dashboards-texts';
import { StatusFilter } from './application-parts';
import { ListLoading, listStatus } from './dashboard-parts';

/** The status filter and page of an applications list; a new status starts again at page 1. */
export function useApplicationFilter(initial: ApplicationStatus | undefined) {
  return usePagedFilter(initial);
}

interface ApplicationListProps {
  filter: ReturnType<typeof useApplicationFilter>;
  query: ReturnType<typeof useApplications>;
  /** Title and hint when there is none at all (with a status filter: 'No applications with this status.'). */
  empty: { title: string; hint: string };
  renderCard: (app: Application) => ReactNode;
  /** Rendered after the list, e.g. the tab's dialogs. */
  children?: ReactNode;
}

/** Made or received applications alike: filter, loading, error, empty, cards and pages. */
export function ApplicationList({
  filter,
  query,
  empty,
  renderCard,
  children,
}: ApplicationListProps) {
  const status = filter.filter;
  const data = query.data;
  const state = query.isPending ? (
    <ListLoading label={T.loading} />
  ) : (
    listStatus({
      failed: query.isError ? query : null,
      failedMessage: T.failed,
      count: data?.applications.length ?? 0,
      empty: {
        icon: <Inbox />,
        title: status ? T.emptyFiltered : empty.title,
        description: status ? undefined : empty.hint,
      },
    })
  );
  return (
    <div className="flex flex-col gap-4">
      <StatusFilter value={status} onChange={filter.changeFilter} />
      {state ??
        (data ? (
          <>
            <ul className="grid gap-4 lg:grid-cols-2">
              {data.applications.map((app) => (
                <li key={app.application_id}>{renderCard(app)}</li>
              ))}
            </ul>
            <Pager
              page={filter.page}
              totalPages={data.pagination.totalPages}
              onPageChange={filter.setPage}
              disabled={query.isFetching}
              label={T.pagesLabel}
            />
          </>
        ) : null)}
      {children}
    </div>
  );
}
