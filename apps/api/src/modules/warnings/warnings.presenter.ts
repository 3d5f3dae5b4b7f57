import type {
  AdminWarning,
  PublicWarning,
  WarningEvent,
  WarningKind,
} from '@trustlinks/contract/warnings';
import type { EntityWarningEventRow, EntityWarningRow } from '../../db/schema';
import type { WarningWithActors } from './warnings.repository';

export function toPublicWarning(row: EntityWarningRow): PublicWarning {
  return {
    warning_id: row.id,
    kind: row.kind as WarningKind,
    public_text: row.publicText,
    warning_date: row.warningDate,
  };
}

export function toAdminWarning(row: WarningWithActors): AdminWarning {
  return {
    ...toPublicWarning(row),
    created_at: row.createdAt.toISOString(),
    placed_by: row.placedBy,
    lifted_at: row.liftedAt ? row.liftedAt.toISOString() : null,
    lifted_by: row.liftedBy,
  };
}

export function toWarningEvent(
  row: EntityWarningEventRow & { actor: string | null },
): WarningEvent {
  return {
    event_id: row.id,
    warning_id: row.warningId,
    action: row.action as WarningEvent['action'],
    kind: row.kind as WarningKind,
    public_text: row.publicText,
    warning_date: row.warningDate,
    note: row.note,
    actor: row.actor,
    created_at: row.createdAt.toISOString(),
  };
}
