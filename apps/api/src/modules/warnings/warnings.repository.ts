import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  entities,
  entityWarningEvents,
  entityWarnings,
  users,
  type EntityWarningEventRow,
  type EntityWarningRow,
} from '../../db/schema';

/** At most this many active warnings are shown on a page (there is rarely more than one). */
const ACTIVE_MAX = 10;

/** The entity's warnings that are not lifted, newest first (partial index). */
export async function listActiveWarnings(
  db: DbOrTx,
  entityId: string,
  limit = ACTIVE_MAX,
): Promise<EntityWarningRow[]> {
  return db
    .select()
    .from(entityWarnings)
    .where(and(eq(entityWarnings.entityId, entityId), isNull(entityWarnings.liftedAt)))
    .orderBy(desc(entityWarnings.createdAt))
    .limit(limit);
}

const placer = alias(users, 'placer');
const lifter = alias(users, 'lifter');

export type WarningWithActors = EntityWarningRow & {
  placedBy: string | null;
  liftedBy: string | null;
};

/** Every warning of the entity (lifted ones too), newest first, with who placed and lifted it. */
export async function listWarningsForAdmin(
  db: DbOrTx,
  entityId: string,
  limit: number,
): Promise<WarningWithActors[]> {
  const rows = await db
    .select({ warning: entityWarnings, placedBy: placer.email, liftedBy: lifter.email })
    .from(entityWarnings)
    .leftJoin(placer, eq(placer.id, entityWarnings.placedByUserId))
    .leftJoin(lifter, eq(lifter.id, entityWarnings.liftedByUserId))
    .where(eq(entityWarnings.entityId, entityId))
    .orderBy(desc(entityWarnings.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r.warning, placedBy: r.placedBy, liftedBy: r.liftedBy }));
}

export async function findWarningWithActors(
  db: DbOrTx,
  id: string,
): Promise<WarningWithActors | undefined> {
  const [row] = await db
    .select({ warning: entityWarnings, placedBy: placer.email, liftedBy: lifter.email })
    .from(entityWarnings)
    .leftJoin(placer, eq(placer.id, entityWarnings.placedByUserId))
    .leftJoin(lifter, eq(lifter.id, entityWarnings.liftedByUserId))
    .where(eq(entityWarnings.id, id))
    .limit(1);
  return row ? { ...row.warning, placedBy: row.placedBy, liftedBy: row.liftedBy } : undefined;
}

/** The audit list of the entity's warnings, newest first, with the acting admin's email. */
export async function listWarningEvents(
  db: DbOrTx,
  entityId: string,
  limit: number,
): Promise<(EntityWarningEventRow & { actor: string | null })[]> {
  const rows = await db
    .select({ event: entityWarningEvents, actor: users.email })
    .from(entityWarningEvents)
    .leftJoin(users, eq(users.id, entityWarningEvents.actorUserId))
    .where(eq(entityWarningEvents.entityId, entityId))
    .orderBy(desc(entityWarningEvents.createdAt), desc(entityWarningEvents.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.event, actor: r.actor }));
}

export async function insertWarning(
  db: DbOrTx,
  values: typeof entityWarnings.$inferInsert,
): Promise<EntityWarningRow> {
  const [row] = await db.insert(entityWarnings).values(values).returning();
  return row!;
}

/** Lifts the warning if it is still active; undefined when it was already lifted. */
export async function liftWarningRow(
  db: DbOrTx,
  id: string,
  adminId: string,
): Promise<EntityWarningRow | undefined> {
  const [row] = await db
    .update(entityWarnings)
    .set({ liftedAt: sql`now()`, liftedByUserId: adminId })
    .where(and(eq(entityWarnings.id, id), isNull(entityWarnings.liftedAt)))
    .returning();
  return row;
}

export async function insertWarningEvent(
  db: DbOrTx,
  warning: EntityWarningRow,
  action: 'placed' | 'lifted',
  actorUserId: string,
  note: string | null = null,
  /** When it happened (the demo seed backdates its history); now by default. */
  at: Date = new Date(),
): Promise<void> {
  await db.insert(entityWarningEvents).values({
    warningId: warning.id,
    entityId: warning.entityId,
    action,
    kind: warning.kind,
    publicText: warning.publicText,
    warningDate: warning.warningDate,
    note,
    actorUserId,
    createdAt: at,
  });
}

/**
 * The active warnings across entities, newest first (entity_warnings_active_all_idx; docs/decisions/032),
 * with the entity and who placed the warning.
 */
export async function listActiveWarningsAcrossEntities(db: DbOrTx, limit: number, offset: number) {
  return db
    .select({
      warning: entityWarnings,
      placedBy: placer.email,
      entityName: entities.name,
      entityType: entities.entityType,
      entitySlug: entities.slug,
    })
    .from(entityWarnings)
    .innerJoin(entities, eq(entities.id, entityWarnings.entityId))
    .leftJoin(placer, eq(placer.id, entityWarnings.placedByUserId))
    .where(isNull(entityWarnings.liftedAt))
    .orderBy(desc(entityWarnings.createdAt), desc(entityWarnings.id))
    .limit(limit)
    .offset(offset);
}
