import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { lockKey } from '../../lib/counters.repository';
import { entities, entityChanges, type EntityChangeRow } from '../../db/schema';
import { entityNameKey } from './entity-name';

/**
 * Serializes every path that makes an entity approved under a name (approval, an accepted
 * rename, an admin's rename) for the name's normal form, so that check-then-write cannot race
 * between two look-alikes either.
 */
export async function lockApprovedName(db: DbOrTx, name: string): Promise<void> {
  await lockKey(db, `approved-entity-name:${entityNameKey(name)}`);
}

/**
 * Another approved entity whose name looks the same: the same normal form (entityNameKey,
 * entities_name_key_idx), or the same name ignoring case (entities_approved_name_key).
 */
export async function findOtherApprovedByName(
  db: DbOrTx,
  name: string,
  exceptId: string | null,
): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db
    .select({ id: entities.id, name: entities.name })
    .from(entities)
    .where(
      and(
        eq(entities.verificationStatus, 'approved'),
        sql`(${entities.nameKey} = ${entityNameKey(name)} OR lower(${entities.name}) = lower(${name}))`,
        exceptId ? ne(entities.id, exceptId) : undefined,
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
    signupUrl: string | null;
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
        signupUrl: values.signupUrl,
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
