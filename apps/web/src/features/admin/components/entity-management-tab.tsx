import { useState } from 'react';
import Inbox from 'lucide-react/icons/inbox';
import { useMutationState } from '@tanstack/react-query';
import type { Mutation } from '@tanstack/react-query';
import type { Entity } from '@trustlinks/contract/entities';
import { Badge } from '../../../components/ui/badge';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { TableCell, TableRow } from '../../../components/ui/table';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useUrlPagedFilter } from '../../../lib/use-url-state';
import { capitalize } from '../../../lib/user-display';
import { ENTITY_CHANGE_TEXT as C, ENTITIES_TEXT as T, ENTITY_FILTERS } from '../admin-texts';
import type { EntityAction, EntityFilter } from '../admin-texts';
import { useDeleteEntity } from '../api/delete-entity';
import { ADMIN_ENTITIES_PAGE_SIZE, useAdminEntities } from '../api/get-admin-entities';
import { entityActionKey, useUpdateEntityVerification } from '../api/update-entity-verification';
import type { UpdateEntityVerificationInput } from '../api/update-entity-verification';
import { AdminListFilter, AdminListTable, usePageWithinRange } from './admin-list-table';
import { EntityDetailDialog } from './entity-detail-dialog';
import { EntityRowActions } from './entity-row-actions';
import { EntityStatusBadge } from './entity-status-badge';

interface BusyRow {
  id: string;
  action: EntityAction;
}

/** Which row a running entity action belongs to, read from the mutation cache. */
function busyRowOf(mutation: Mutation<unknown, Error, unknown>): BusyRow | null {
  const kind = mutation.options.mutationKey?.[2];
  const variables = mutation.state.variables as Partial<UpdateEntityVerificationInput> | undefined;
  if (!variables?.id) return null;
  if (kind === 'delete') return { id: variables.id, action: 'delete' };
  return {
    id: variables.id,
    action: variables.verification_status === 'approved' ? 'approve' : 'reject',
  };
}

/** Entity Management (docs/product/admin.md, docs/product/states.md): filter, table, per-status actions, detail modal. */
export function EntityManagementTab() {
  // Filter and page in the address (docs/decisions/032): a reload or Back keeps them.
  const paged = useUrlPagedFilter<EntityFilter>(
    { filter: 'entities', page: 'epage' },
    'all',
    ENTITY_FILTERS.map((f) => f.value),
  );
  const { filter, page, setPage } = paged;
  const [viewed, setViewed] = useState<Entity | null>(null);
  const [toDelete, setToDelete] = useState<Entity | null>(null);

  const list = useAdminEntities({ status: filter, page, limit: ADMIN_ENTITIES_PAGE_SIZE });
  const verification = useUpdateEntityVerification();
  const removal = useDeleteEntity();

  // Several rows may be busy at once; each shows its own busy label.
  const busyRows = useMutationState({
    filters: { mutationKey: entityActionKey, status: 'pending' },
    select: busyRowOf,
  });
  const busyById = new Map<string, EntityAction>();
  for (const row of busyRows) if (row) busyById.set(row.id, row.action);

  const entities = list.data?.entities ?? [];
  const pagination = list.data?.pagination;
  usePageWithinRange(page, pagination, setPage);

  // The modal follows the row (a new status after an action), and stays open if it left the view.
  const viewing = viewed
    ? (entities.find((e) => e.entity_id === viewed.entity_id) ?? viewed)
    : null;

  function run(entity: Entity, action: EntityAction) {
    // mutateAsync: each call reports its own outcome, even while another row is still busy.
    const request =
      action === 'delete'
        ? removal.mutateAsync({ id: entity.entity_id })
        : verification.mutateAsync({
            id: entity.entity_id,
            verification_status: action === 'approve' ? 'approved' : 'rejected',
          });
    request.then(
      () => toast.success(T.success[action]),
      // The server's reason when it gives one (e.g. a refused transition, 409), else docs/product/errors.md's text.
      (error: unknown) => toast.error(serverMessage(error) ?? T.failure[action]),
    );
  }

  function handleAction(entity: Entity, action: EntityAction) {
    if (action === 'delete') setToDelete(entity);
    else run(entity, action);
  }

  return (
    <AdminListTable
      list={list}
      rows={entities}
      pagination={pagination}
      page={page}
      onPageChange={setPage}
      texts={T}
      filter={<AdminListFilter label={T.filterLabel} paged={paged} options={ENTITY_FILTERS} />}
      empty={{ icon: <Inbox />, title: T.empty(filter), description: T.emptyHint }}
      columns={[T.colName, T.colType, T.colEmail, T.colStatus]}
      actionsLabel={T.colActions}
      renderRow={(entity) => (
        <TableRow key={entity.entity_id} data-entity-id={entity.entity_id}>
          <TableCell>
            <div className="flex min-w-0 items-center gap-3">
              <span
                aria-hidden="true"
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-soft font-semibold text-brand-soft-foreground"
              >
                {entity.name.trim().charAt(0).toUpperCase() || '?'}
              </span>
              <div className="min-w-0">
                <p className="max-w-[13rem] truncate font-medium">{entity.name}</p>
                <p className="max-w-[13rem] truncate font-mono text-xs text-muted-foreground">
                  {T.id}: {entity.entity_id}
                </p>
              </div>
            </div>
          </TableCell>
          <TableCell label={T.colType}>{capitalize(entity.entity_type)}</TableCell>
          <TableCell label={T.colEmail}>
            <span className="block max-w-[13rem] truncate" title={entity.email ?? undefined}>
              {entity.email ?? T.noEmail}
            </span>
          </TableCell>
          <TableCell label={T.colStatus}>
            <div className="flex flex-wrap items-center gap-1.5">
              <EntityStatusBadge status={entity.verification_status} />
              {entity.pending_change ? <Badge variant="brand">{C.badge}</Badge> : null}
            </div>
          </TableCell>
          <TableCell>
            <EntityRowActions
              entity={entity}
              busy={busyById.get(entity.entity_id)}
              onView={setViewed}
              onAction={handleAction}
            />
          </TableCell>
        </TableRow>
      )}
    >
      <EntityDetailDialog entity={viewing} onClose={() => setViewed(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title={T.confirmDeleteTitle}
        description={T.confirmDelete}
        confirmLabel={T.delete}
        cancelLabel={T.cancel}
        confirmVariant="danger"
        onConfirm={() => {
          if (toDelete) run(toDelete, 'delete');
        }}
      />
    </AdminListTable>
  );
}
