import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { lockKey } from '../../lib/counters.repository';
import { entities, entityChanges, type EntityChangeRow } from '../../db/schema';

/**
 * Serializes every path that makes an entity approved under a name (approval, an accepted
 * rename, an admin's rename) for that name, so that check-then-write cannot race.
 */
export async function lockApprovedName(db: DbOrTx, name: string): Promise<void> {
  await lockKey(db, `approved-entity-name:${name.toLowerCase()}`);
}

/** Another approved entity with this name, ignoring case (answered by entities_approved_name_key). */
export async function findOtherApprovedByName(
  db: DbOrTx,
  name: string,
  exceptId: string,
): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db
    .select({ id: entities.id, name: entities.name })
    .from(entities)
    .where(
      and(
        eq(entities.verificationStatus, 'approved'),
        sql`lower(${entities.name}) = lower(${name})`,
        ne(entities.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

export async function findPendingChange(
  db: DbOrTx,
  entityId: string,
  options: { forUpdate?: boolean } = {},
): Promise<EntityChangeRow | undefined> {
  const query = db
    .select()
    .from(entityChanges)
    .where(and(eq(entityChanges.entityId, entityId), eq(entityChanges.status, 'pending')))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The waiting change of each entity that has one (a page of entities at a time). */
export async function pendingChangesOf(
  db: DbOrTx,
  entityIds: string[],
): Promise<Map<string, EntityChangeRow>> {
  const found = new Map<string, EntityChangeRow>();
  if (entityIds.length === 0) return found;
  const rows = await db
    .select()
    .from(entityChanges)
    .where(and(inArray(entityChanges.entityId, entityIds), eq(entityChanges.status, 'pending')));
  for (const r of rows) found.set(r.entityId, r);
  return found;
}

/** Stores the entity's waiting change, replacing the one already waiting. */
export async function savePendingChange(
  db: DbOrTx,
  values: {
    entityId: string;
    name: string | null;
    website: string | null;
    email: string | null;
    requestedByUserId: string;
  },
): Promise<EntityChangeRow> {
  const [row] = await db
    .insert(entityChanges)
    .values(values)
    .onConflictDoUpdate({
      target: entityChanges.entityId,
      targetWhere: sql`${entityChanges.status} = 'pending'`,
      set: {
        name: values.name,
        website: values.website,
        email: values.email,
        requestedByUserId: values.requestedByUserId,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

/** An owner took every waiting field back: nothing is left to decide. */
export async function dropPendingChange(db: DbOrTx, id: string): Promise<void> {
  await db
    .delete(entityChanges)
    .where(and(eq(entityChanges.id, id), eq(entityChanges.status, 'pending')));
}

export async function decidePendingChange(
  db: DbOrTx,
  id: string,
  status: 'accepted' | 'rejected',
  adminId: string,
): Promise<void> {
  await db
    .update(entityChanges)
    .set({ status, decidedByUserId: adminId, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(entityChanges.id, id));
}
