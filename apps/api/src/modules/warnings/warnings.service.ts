import {
  WARNING_LIMITS,
  WARNING_MESSAGES,
  type ActiveWarningsResponse,
  type EntityWarningsResponse,
  type PlaceWarningInput,
  type WarningWithMessage,
} from '@trustlinks/contract/warnings';
import type { AuthUser } from '../../auth/sessions.service';
import { conflict, notFound } from '../../errors';
import type { Deps } from '../../lib/deps';
import { isUuid } from '../../lib/ids';
import { requireEntity } from '../entities/entities.service';
import { toAdminWarning, toPublicWarning, toWarningEvent } from './warnings.presenter';
import {
  findWarningWithActors,
  insertWarning,
  insertWarningEvent,
  liftWarningRow,
  listActiveWarningsAcrossEntities,
  listWarningEvents,
  listWarningsForAdmin,
} from './warnings.repository';

// The rule of "under warning" stands apart (under-warning.ts), so that entities.service reads it
// without importing this service, which imports entities.service (requireEntity).
export { isUnderWarning, publicWarningsOf } from './under-warning';

/** GET /admin/entities/{id}/warnings: every warning of the entity and the audit list. */
export async function entityWarnings(
  deps: Deps,
  entityId: string,
): Promise<EntityWarningsResponse> {
  const entity = await requireEntity(deps, entityId);
  const [warnings, audit] = await Promise.all([
    listWarningsForAdmin(deps.db, entity.id, WARNING_LIMITS.auditMax),
    listWarningEvents(deps.db, entity.id, WARNING_LIMITS.auditMax),
  ]);
  return { warnings: warnings.map(toAdminWarning), audit: audit.map(toWarningEvent) };
}

/** POST /admin/entities/{id}/warnings: the warning and its audit entry in one transaction. */
export async function placeWarning(
  deps: Deps,
  admin: AuthUser,
  entityId: string,
  input: PlaceWarningInput,
): Promise<WarningWithMessage> {
  const entity = await requireEntity(deps, entityId);
  const id = await deps.db.transaction(async (tx) => {
    const warning = await insertWarning(tx, {
      entityId: entity.id,
      kind: input.kind,
      publicText: input.public_text.trim(),
      warningDate: input.warning_date,
      placedByUserId: admin.id,
    });
    await insertWarningEvent(tx, warning, 'placed', admin.id);
    return warning.id;
  });
  return {
    message: WARNING_MESSAGES.placed,
    warning: toAdminWarning((await findWarningWithActors(deps.db, id))!),
  };
}

/** POST /admin/warnings/{id}/lift: lifts it (once) and records who did, with an optional note. */
export async function liftWarning(
  deps: Deps,
  admin: AuthUser,
  warningId: string,
  note: string | null,
): Promise<WarningWithMessage> {
  if (!isUuid(warningId)) throw notFound(WARNING_MESSAGES.notFound);
  await deps.db.transaction(async (tx) => {
    const lifted = await liftWarningRow(tx, warningId, admin.id);
    if (!lifted) {
      const exists = await findWarningWithActors(tx, warningId);
      throw exists ? conflict(WARNING_MESSAGES.alreadyLifted) : notFound(WARNING_MESSAGES.notFound);
    }
    await insertWarningEvent(tx, lifted, 'lifted', admin.id, note);
  });
  return {
    message: WARNING_MESSAGES.lifted,
    warning: toAdminWarning((await findWarningWithActors(deps.db, warningId))!),
  };
}

/** GET /admin/warnings: the active warnings across entities, newest first (docs/decisions/032). */
export async function activeWarnings(
  deps: Deps,
  query: { page: number; limit: number },
): Promise<ActiveWarningsResponse> {
  const rows = await listActiveWarningsAcrossEntities(
    deps.db,
    query.limit + 1,
    (query.page - 1) * query.limit,
  );
  return {
    warnings: rows.slice(0, query.limit).map((r) => ({
      ...toPublicWarning(r.warning),
      created_at: r.warning.createdAt.toISOString(),
      placed_by: r.placedBy,
      entity_id: r.warning.entityId,
      entity_name: r.entityName,
      entity_type: r.entityType,
      entity_slug: r.entitySlug,
    })),
    has_more: rows.length > query.limit,
  };
}
