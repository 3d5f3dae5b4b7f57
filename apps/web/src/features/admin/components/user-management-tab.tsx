import { useEffect, useState } from 'react';
import Ban from 'lucide-react/icons/ban';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import Search from 'lucide-react/icons/search';
import UserCheck from 'lucide-react/icons/user-check';
import Users from 'lucide-react/icons/users';
import { useMutationState } from '@tanstack/react-query';
import type { AdminUser } from '@trustlinks/contract/admin';
import type { Role } from '@trustlinks/contract/constants';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import type { BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormField, inputClass } from '../../../components/ui/form-field';
import { Pager } from '../../../components/ui/pager';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table';
import { ApiClientError, serverMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { capitalize } from '../../../lib/user-display';
import { USERS_TEXT as T } from '../admin-texts';
import { ADMIN_USERS_PAGE_SIZE, useAdminUsers } from '../api/get-admin-users';
import { userStatusKey, useUpdateUserStatus } from '../api/update-user-status';
import type { UpdateUserStatusInput } from '../api/update-user-status';

/** One request per pause in typing (ours; the company search waits 500 ms, SPEC §9). */
const SEARCH_DEBOUNCE_MS = 300;

/** SPEC §2.9: Admin, Advertiser and the other roles are told apart by colour. */
function roleVariant(role: Role): BadgeVariant {
  if (role === 'admin') return 'danger';
  if (role === 'advertiser') return 'brand';
  return 'neutral';
}

interface UserManagementTabProps {
  /** The logged-in admin: their own row cannot be banned. */
  currentUserId: string;
}

/** User Management (SPEC §2.9), backed by GET /admin/users and PUT /admin/users/{id}/status. */
export function UserManagementTab({ currentUserId }: UserManagementTabProps) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const query = debouncedSearch.trim();

  // A new search starts at its first page.
  useEffect(() => {
    setPage(1);
  }, [query]);

  const list = useAdminUsers({ page, limit: ADMIN_USERS_PAGE_SIZE, search: query });
  const statusChange = useUpdateUserStatus();
  const busyIds = new Set(
    useMutationState({
      filters: { mutationKey: userStatusKey, status: 'pending' },
      select: (m) => (m.state.variables as UpdateUserStatusInput | undefined)?.id,
    }),
  );

  const users = list.data?.users ?? [];
  const pagination = list.data?.pagination;
  // Known only once a page has loaded; until then there is nothing to step back from.
  const lastPage = pagination ? Math.max(1, pagination.totalPages) : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) setPage(lastPage);
  }, [page, lastPage]);

  function toggle(user: AdminUser) {
    const status = user.status === 'banned' ? 'active' : 'banned';
    statusChange.mutateAsync({ id: user.id, status }).then(
      ({ message }) => toast.success(message),
      (error: unknown) => toast.error(serverMessage(error) ?? T.statusFailed),
    );
  }

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
  } else if (users.length === 0) {
    body = (
      <div className="rounded-xl border border-dashed border-border">
        <EmptyState icon={<Users />} title={query ? T.emptySearch(query) : T.empty} />
      </div>
    );
  } else {
    body = (
      <Table label={T.tableLabel} minWidth="md:min-w-[38rem]">
        <TableHead>
          <tr role="row">
            <TableHeaderCell>{T.colUser}</TableHeaderCell>
            <TableHeaderCell>{T.colRole}</TableHeaderCell>
            <TableHeaderCell>{T.colStatus}</TableHeaderCell>
            <TableHeaderCell className="text-right">{T.colActions}</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody className={cn(list.isPlaceholderData && 'opacity-60')}>
          {users.map((user) => {
            const self = user.id === currentUserId;
            const busy = busyIds.has(user.id);
            const banned = user.status === 'banned';
            return (
              <TableRow key={user.id} data-user-id={user.id}>
                <TableCell>
                  <div className="min-w-0">
                    <p className="max-w-[18rem] truncate font-medium">
                      {user.name}
                      {self ? (
                        <span className="ml-2 text-xs font-normal text-muted-foreground">
                          ({T.you})
                        </span>
                      ) : null}
                    </p>
                    <p className="max-w-[18rem] truncate text-xs text-muted-foreground">
                      {user.email}
                    </p>
                    <p className="max-w-[18rem] truncate font-mono text-xs text-muted-foreground">
                      {T.id}: {user.id}
                    </p>
                  </div>
                </TableCell>
                <TableCell label={T.colRole}>
                  <Badge variant={roleVariant(user.role)}>{capitalize(user.role)}</Badge>
                </TableCell>
                <TableCell label={T.colStatus}>
                  <Badge variant={banned ? 'danger' : 'success'}>
                    {banned ? T.banned : T.active}
                  </Badge>
                </TableCell>
                <TableCell className="md:text-right">
                  <Button
                    variant={banned ? 'outline' : 'danger'}
                    size="sm"
                    disabled={self || busy}
                    title={self ? T.ownAccountHint : undefined}
                    aria-label={`${banned ? T.unban : T.ban}: ${user.name}`}
                    onClick={() => toggle(user)}
                  >
                    {busy ? (
                      <LoaderCircle aria-hidden="true" className="animate-spin" />
                    ) : banned ? (
                      <UserCheck aria-hidden="true" />
                    ) : (
                      <Ban aria-hidden="true" />
                    )}
                    {busy ? (banned ? T.unbanning : T.banning) : banned ? T.unban : T.ban}
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <FormField label={T.searchLabel} className="sm:w-80">
          {(ids) => (
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <input
                type="search"
                className={cn(inputClass, 'pl-9')}
                placeholder={T.searchPlaceholder}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                {...ids}
              />
            </div>
          )}
        </FormField>
        {pagination && !list.isError ? (
          <p className="text-sm text-muted-foreground">{T.total(pagination.total)}</p>
        ) : null}
      </div>

      {body}

      {pagination ? (
        <Pager
          page={page}
          totalPages={pagination.totalPages}
          onPageChange={setPage}
          disabled={list.isFetching}
          label={T.pagesLabel}
        />
      ) : null}
    </div>
  );
}
