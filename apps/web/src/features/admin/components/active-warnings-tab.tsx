import { Link } from 'react-router';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import { WARNING_KIND_LABELS } from '@trustlinks/contract/warnings';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PrevNextPager } from '../../../components/ui/prev-next-pager';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { DataTable, TableCell, TableHeaderCell, TableRow } from '../../../components/ui/table';
import { formatDate } from '../../../lib/format-date';
import { entityPath } from '../../../lib/paths';
import { useUrlPage } from '../../../lib/use-url-state';
import { capitalize } from '../../../lib/user-display';
import { WORKLOAD_TEXT as T } from '../admin-texts';
import { useActiveWarnings } from '../api/entity-warnings';

/**
 * Warnings (ours, docs/decisions/032): the public warnings not lifted, across entities, newest first, each
 * with a link to its entity (where the entity's modal places and lifts them). Page in the address.
 */
export function ActiveWarningsTab() {
  const [page, setPage] = useUrlPage('wpage');
  const list = useActiveWarnings(page);
  const warnings = list.data?.warnings ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h2 className="text-lg font-semibold">{T.warningsHeading}</h2>
        <p className="text-sm text-muted-foreground">{T.warningsHint}</p>
      </div>
      {list.isPending ? (
        <>
          <p role="status" className="sr-only">
            {T.loading}
          </p>
          <Skeleton className="h-40 rounded-xl" />
        </>
      ) : list.isError ? (
        <Alert variant="danger" className="flex flex-wrap items-center justify-between gap-3">
          <span>{T.failed}</span>
          <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
            {T.retry}
          </Button>
        </Alert>
      ) : warnings.length === 0 ? (
        <EmptyState icon={<ShieldAlert />} title={T.empty} />
      ) : (
        <DataTable
          label={T.warningsTable}
          header={
            <>
              <TableHeaderCell>{T.colEntity}</TableHeaderCell>
              <TableHeaderCell>{T.colWarning}</TableHeaderCell>
              <TableHeaderCell>{T.colSince}</TableHeaderCell>
              <TableHeaderCell>{T.colBy}</TableHeaderCell>
            </>
          }
          rows={warnings}
          renderRow={(w) => (
            <TableRow key={w.warning_id} data-warning-id={w.warning_id}>
              <TableCell>
                <Link
                  to={entityPath(w.entity_slug)}
                  className="font-medium text-brand underline-offset-2 hover:underline"
                >
                  {w.entity_name}
                </Link>
                <p className="text-xs text-muted-foreground">{capitalize(w.entity_type)}</p>
              </TableCell>
              <TableCell label={T.colWarning}>
                <p className="font-medium">{WARNING_KIND_LABELS[w.kind]}</p>
                <p className="max-w-[28rem] text-sm break-words text-muted-foreground">
                  {w.public_text}
                </p>
              </TableCell>
              <TableCell label={T.colSince}>{formatDate(w.warning_date)}</TableCell>
              <TableCell label={T.colBy}>
                <span className="break-all">{w.placed_by ?? '—'}</span>
              </TableCell>
            </TableRow>
          )}
        />
      )}
      <PrevNextPager
        page={page}
        hasMore={list.data?.has_more ?? false}
        onPageChange={setPage}
        busy={list.isFetching}
        label={T.pagesLabel}
        texts={T}
      />
    </div>
  );
}
