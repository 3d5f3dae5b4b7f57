import { useState } from 'react';
import type { ReactNode } from 'react';
import Inbox from 'lucide-react/icons/inbox';
import type { Application, ApplicationStatus } from '@trustlinks/contract/applications';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import type { useApplications } from '../api/get-applications';
import { APPLICATIONS_TEXT as T } from '../dashboards-texts';
import { StatusFilter } from './application-parts';
import { failureMessage, ListError, ListLoading } from './dashboard-parts';

/** The status filter and page of an applications list; a new status starts again at page 1. */
export function useApplicationFilter(initial: ApplicationStatus | undefined) {
  const [status, setStatus] = useState(initial);
  const [page, setPage] = useState(1);
  function changeStatus(next: ApplicationStatus | undefined) {
    setStatus(next);
    setPage(1);
  }
  return { status, page, setPage, changeStatus };
}

interface ApplicationListProps {
  filter: ReturnType<typeof useApplicationFilter>;
  query: ReturnType<typeof useApplications>;
  /** Title and hint when there is none at all (with a status filter: 'No applications with this status.'). */
  empty: { title: string; hint: string };
  renderCard: (app: Application) => ReactNode;
}

/** Made or received applications alike: filter, loading, error, empty, cards and pages. */
export function ApplicationList({ filter, query, empty, renderCard }: ApplicationListProps) {
  const { status } = filter;
  return (
    <>
      <StatusFilter value={status} onChange={filter.changeStatus} />
      {query.isPending ? (
        <ListLoading label={T.loading} />
      ) : query.isError ? (
        <ListError
          message={failureMessage(query.error, T.failed)}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.applications.length === 0 ? (
        <EmptyState
          icon={<Inbox />}
          title={status ? T.emptyFiltered : empty.title}
          description={status ? undefined : empty.hint}
          className="rounded-xl border border-dashed border-border"
        />
      ) : (
        <>
          <ul className="grid gap-4 lg:grid-cols-2">
            {query.data.applications.map((app) => (
              <li key={app.application_id}>{renderCard(app)}</li>
            ))}
          </ul>
          <Pager
            page={filter.page}
            totalPages={query.data.pagination.totalPages}
            onPageChange={filter.setPage}
            disabled={query.isFetching}
            label={T.pagesLabel}
          />
        </>
      )}
    </>
  );
}
