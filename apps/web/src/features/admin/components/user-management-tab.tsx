import { useEffect, useRef, useState } from 'react';
import Ban from 'lucide-react/icons/ban';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import UserCheck from 'lucide-react/icons/user-check';
import Users from 'lucide-react/icons/users';
import { useMutationState } from '@tanstack/react-query';
import { BAN_REASON_LIMITS, type AdminUser } from '@trustlinks/contract/admin';
import type { Role } from '@trustlinks/contract/constants';
import { Badge } from '../../../components/ui/badge';
import type { BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/form-field';
import { SearchField } from '../../../components/ui/search-field';
import { TableCell, TableRow } from '../../../components/ui/table';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useUrlPage, useUrlParam } from '../../../lib/use-url-state';
import { capitalize } from '../../../lib/user-display';
import { USERS_MFA_TEXT, USERS_TEXT as T } from '../admin-texts';
import { useRequireMfa } from '../api/require-mfa';
import { ADMIN_USERS_PAGE_SIZE, useAdminUsers } from '../api/get-admin-users';
import { userStatusKey, useUpdateUserStatus } from '../api/update-user-status';
import type { UpdateUserStatusInput } from '../api/update-user-status';
import { AdminListTable, usePageWithinRange } from './admin-list-table';
import { AdminAuditList } from './admin-audit-list';

/** One request per pause in typing (ours; the company search waits 500 ms, docs/product/constants.md). */
const SEARCH_DEBOUNCE_MS = 300;

/** docs/product/admin.md: Admin, Advertiser and the other roles are told apart by colour. */
function roleVariant(role: Role): BadgeVariant {
  if (role === 'admin') return 'danger';
  if (role === 'advertiser') return 'brand';
  return 'neutral';
}

interface UserManagementTabProps {
  /** The logged-in admin: their own row cannot be banned. */
  currentUserId: string;
}

/** User Management (docs/product/admin.md), backed by GET /admin/users and PUT /admin/users/{id}/status. */
export function UserManagementTab({ currentUserId }: UserManagementTabProps) {
  // Search and page in the address (docs/decisions/032); typing replaces the entry instead of adding one.
  const [urlSearch, setUrlSearch] = useUrlParam<string>('usearch', '');
  const [search, setSearch] = useState(urlSearch);
  const [page, setPage] = useUrlPage('upage');
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const query = debouncedSearch.trim();
  const [changing, setChanging] = useState<AdminUser | null>(null);

  // A new search goes to the address and starts at its first page.
  const lastQuery = useRef(query);
  useEffect(() => {
    if (query === lastQuery.current) return;
    lastQuery.current = query;
    setUrlSearch(query, { replace: true, also: { upage: null } });
  }, [query, setUrlSearch]);

  const list = useAdminUsers({ page, limit: ADMIN_USERS_PAGE_SIZE, search: query });
  const statusChange = useUpdateUserStatus();
  const requireMfa = useRequireMfa();
  const busyIds = new Set(
    useMutationState({
      filters: { mutationKey: userStatusKey, status: 'pending' },
      select: (m) => (m.state.variables as UpdateUserStatusInput | undefined)?.id,
    }),
  );

  const users = list.data?.users ?? [];
  const pagination = list.data?.pagination;
  usePageWithinRange(page, pagination, setPage);

  function change(user: AdminUser, reason: string) {
    const status = user.status === 'banned' ? 'active' : 'banned';
    statusChange.mutateAsync({ id: user.id, status, reason }).then(
      ({ message }) => toast.success(message),
      (error: unknown) => toast.error(serverMessage(error) ?? T.statusFailed),
    );
  }

  return (
    <AdminListTable
      list={list}
      rows={users}
      pagination={pagination}
      page={page}
      onPageChange={setPage}
      texts={T}
      filter={
        <SearchField
          label={T.searchLabel}
          className="sm:w-80"
          placeholder={T.searchPlaceholder}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      }
      empty={{ icon: <Users />, title: query ? T.emptySearch(query) : T.empty }}
      columns={[T.colUser, T.colRole, T.colStatus, USERS_MFA_TEXT.colMfa]}
      actionsLabel={T.colActions}
      minWidth="md:min-w-[38rem]"
      renderRow={(user) => {
        const self = user.id === currentUserId;
        const busy = busyIds.has(user.id);
        const banned = user.status === 'banned';
        // The API refuses to ban an admin (or yourself); an admin who is banned may be unbanned.
        const locked = self || (user.role === 'admin' && !banned);
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
                <p className="max-w-[18rem] truncate text-xs text-muted-foreground">{user.email}</p>
                <p className="max-w-[18rem] truncate font-mono text-xs text-muted-foreground">
                  {T.id}: {user.id}
                </p>
              </div>
            </TableCell>
            <TableCell label={T.colRole}>
              <Badge variant={roleVariant(user.role)}>{capitalize(user.role)}</Badge>
            </TableCell>
            <TableCell label={T.colStatus}>
              <Badge variant={banned ? 'danger' : 'success'}>{banned ? T.banned : T.active}</Badge>
              {user.status_reason ? (
                <p
                  className="mt-1 line-clamp-2 max-w-[16rem] text-xs break-words text-muted-foreground"
                  title={user.status_reason}
                >
                  {T.reasonShown(user.status_reason)}
                </p>
              ) : null}
            </TableCell>
            <TableCell label={USERS_MFA_TEXT.colMfa}>
              <MfaCell
                user={user}
                self={self}
                onRequire={(required) =>
                  requireMfa.mutateAsync({ id: user.id, required }).then(
                    ({ message }) => toast.success(message),
                    (error: unknown) => toast.error(serverMessage(error) ?? USERS_MFA_TEXT.failed),
                  )
                }
              />
            </TableCell>
            <TableCell className="md:text-right">
              <Button
                variant={banned ? 'outline' : 'danger'}
                size="sm"
                disabled={locked || busy}
                title={self ? T.ownAccountHint : locked ? T.adminAccountHint : undefined}
                aria-label={`${banned ? T.unban : T.ban}: ${user.name}`}
                onClick={() => setChanging(user)}
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
      }}
    >
      <StatusReasonDialog
        user={changing}
        onClose={() => setChanging(null)}
        onConfirm={(user, reason) => {
          setChanging(null);
          change(user, reason);
        }}
      />
      <AdminAuditList />
    </AdminListTable>
  );
}

/** 'Ban User' / 'Unban User' ask for confirmation and a reason (docs/decisions/032). */
function StatusReasonDialog({
  user,
  onClose,
  onConfirm,
}: {
  user: AdminUser | null;
  onClose: () => void;
  onConfirm: (user: AdminUser, reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const banned = user?.status === 'banned';
  const trimmed = reason.trim();
  const valid = trimmed.length >= BAN_REASON_LIMITS.min && trimmed.length <= BAN_REASON_LIMITS.max;
  const hint = T.reasonHint(BAN_REASON_LIMITS.min, BAN_REASON_LIMITS.max);
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) {
          setReason('');
          setTouched(false);
          onClose();
        }
      }}
    >
      {user ? (
        <DialogContent
          role="alertdialog"
          size="sm"
          title={banned ? T.unbanTitle(user.name) : T.banTitle(user.name)}
          description={banned ? T.unbanDescription : T.banDescription}
          closeLabel={null}
          footer={
            <>
              <DialogClose asChild>
                <Button variant="outline">{T.cancel}</Button>
              </DialogClose>
              <Button
                variant={banned ? 'primary' : 'danger'}
                onClick={() => {
                  setTouched(true);
                  if (!valid) return;
                  onConfirm(user, trimmed);
                  setReason('');
                  setTouched(false);
                }}
              >
                {banned ? T.unban : T.ban}
              </Button>
            </>
          }
        >
          <TextAreaField
            label={T.reasonLabel}
            hint={touched && !valid ? undefined : hint}
            error={touched && !valid ? hint : undefined}
            value={reason}
            maxLength={BAN_REASON_LIMITS.max}
            required
            rows={3}
            onChange={(e) => setReason(e.target.value)}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** The user's second factor (on/off, required) and the admin's 'Require 2FA' (docs/decisions/033). */
function MfaCell({
  user,
  self,
  onRequire,
}: {
  user: AdminUser;
  self: boolean;
  onRequire: (required: boolean) => void;
}) {
  const M = USERS_MFA_TEXT;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge variant={user.mfa_enabled ? 'success' : 'neutral'}>
        {user.mfa_enabled ? M.on : M.off}
      </Badge>
      {user.mfa_required ? <Badge variant="brand">{M.required}</Badge> : null}
      {self ? null : (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`${user.mfa_required ? M.unrequire : M.require}: ${user.name}`}
          onClick={() => onRequire(!user.mfa_required)}
        >
          {user.mfa_required ? M.unrequire : M.require}
        </Button>
      )}
    </div>
  );
}
