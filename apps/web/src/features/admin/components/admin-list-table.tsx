import { useEffect } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import type { Pagination } from '@trustlinks/contract/entities';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField } from '../../../components/ui/form-field';
import { Pager } from '../../../components/ui/pager';
import { DataTable, TableHeaderCell } from '../../../components/ui/table';
import { ApiClientError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';

/** The parts of a paged list query (TanStack `useQuery`) the table reads. */
interface AdminListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => Promise<unknown>;
}

/** The texts of one admin list (they live in admin-texts.ts). */
interface AdminListTexts {
  loading: string;
  error: (message: string) => string;
  fetchFailed: string;
  retry: string;
  tableLabel: string;
  total: (n: number) => string;
  pagesLabel: string;
}

interface AdminListTableProps<Row> {
  list: AdminListQuery;
  rows: readonly Row[];
  /** Known once a page has loaded. */
  pagination: Pagination | undefined;
  page: number;
  onPageChange: (page: number) => void;
  texts: AdminListTexts;
  /** The filter or search field, left of the total. */
  filter: ReactNode;
  /** What shows when the loaded page has no rows. */
  empty: ComponentProps<typeof EmptyState>;
  /** Column headers before the actions column. */
  columns: readonly string[];
  /** Header of the last column, the row actions (right-aligned). */
  actionsLabel: string;
  minWidth?: string;
  /** One `TableRow` (with its key) per row. */
  renderRow: (row: Row) => ReactNode;
  /** Rendered after the pager, e.g. the tab's dialogs. */
  children?: ReactNode;
}

/**
 * Rows that left (deleted, filtered out) can empty the last page: step back to one that exists.
 * The last page is known only once a page has loaded; until then there is nothing to step back from.
 */
export function usePageWithinRange(
  page: number,
  pagination: Pagination | undefined,
  setPage: (page: number) => void,
) {
  const lastPage = pagination ? Math.max(1, pagination.totalPages) : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) setPage(lastPage);
  }, [page, lastPage, setPage]);
}

/** An admin list's filter: a select of its options; a new choice starts again at page 1. */
export function AdminListFilter<F extends string>({
  label,
  paged,
  options,
}: {
  label: string;
  /** The list's filter and page (lib/use-paged-filter.ts). */
  paged: { filter: F; changeFilter: (filter: F) => void };
  options: readonly { value: F; label: string }[];
}) {
  return (
    <SelectField
      label={label}
      value={paged.filter}
      onChange={(e) => paged.changeFilter(e.target.value as F)}
      className="sm:w-60"
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * The scaffolding the admin tabs share: filter bar with the total, the loading, error (with
 * retry) and empty states, the table with its header, and the pager.
 */
export function AdminListTable<Row>({
  list,
  rows,
  pagination,
  page,
  onPageChange,
  texts: T,
  filter,
  empty,
  columns,
  actionsLabel,
  minWidth,
  renderRow,
  children,
}: AdminListTableProps<Row>) {
  let body;
  if (list.isPending) {
    body = (
      <p role="status" className="py-12 text-center text-sm text-muted-foreground">
        {T.loading}
      </p>
    );
  } else if (list.isError) {
    const message =
      list.error instanceof ApiClientError && list.error.message
        ? list.error.message
        : T.fetchFailed;
    body = (
      <Alert variant="danger" className="flex flex-wrap items-center justify-between gap-3">
        <span>{T.error(message)}</span>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void list.refetch()}
          disabled={list.isFetching}
        >
          {T.retry}
        </Button>
      </Alert>
    );
  } else if (rows.length === 0) {
    body = (
      <div className="rounded-xl border border-dashed border-border">
        <EmptyState {...empty} />
      </div>
    );
  } else {
    body = (
      <DataTable
        label={T.tableLabel}
        minWidth={minWidth}
        header={
          <>
            {columns.map((column) => (
              <TableHeaderCell key={column}>{column}</TableHeaderCell>
            ))}
            <TableHeaderCell className="text-right">{actionsLabel}</TableHeaderCell>
          </>
        }
        rows={rows}
        renderRow={renderRow}
        bodyClassName={cn(list.isPlaceholderData && 'opacity-60')}
      />
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        {filter}
        {pagination && !list.isError ? (
          <p className="text-sm text-muted-foreground">{T.total(pagination.total)}</p>
        ) : null}
      </div>

      {body}

      {pagination ? (
        <Pager
          page={page}
          totalPages={pagination.totalPages}
          onPageChange={onPageChange}
          disabled={list.isFetching}
          label={T.pagesLabel}
        />
      ) : null}

      {children}
    </div>
  );
}
