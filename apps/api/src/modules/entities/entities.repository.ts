import { and, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { entities, entitySlugHistory, offers, users, type EntityRow } from '../../db/schema';
import { containsPattern } from '../../lib/sql';
import { entityNameKey } from './entity-name';

/** Counting stops here: admin and directory lists show "10,000+" rather than scan for more. */
export const COUNT_CAP = 10_000;

export async function insertEntity(
  db: DbOrTx,
  values: typeof entities.$inferInsert,
): Promise<EntityRow | undefined> {
  // The partial unique index (email, type) WHERE pending turns a duplicate into "no row".
  const [row] = await db
    .insert(entities)
    .values({ ...values, nameKey: entityNameKey(values.name) })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * Gives rows written without a name key (before migration 0042, or by a seed) their normal form;
 * at start, 500 at a time (one UPDATE each). Safe to run from several instances at once.
 */
export async function backfillEntityNameKeys(db: DbOrTx, batch = 500): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db
      .select({ id: entities.id, name: entities.name })
      .from(entities)
      .where(isNull(entities.nameKey))
      .limit(batch);
    if (rows.length === 0) return filled;
    // One statement a batch: the keys travel as a VALUES list.
    const keyed = sql.join(
      rows.map((r) => sql`(${r.id}::uuid, ${entityNameKey(r.name)})`),
      sql`, `,
    );
    await db.execute(sql`
      UPDATE ${entities} SET name_key = v.key
      FROM (VALUES ${keyed}) AS v(id, key)
      WHERE ${entities.id} = v.id AND ${entities.nameKey} IS NULL`);
    filled += rows.length;
  }
}

/**
 * The entity at an address's slug: the current one, else an old one a rename left behind
 * (entity_slug_history). Two index lookups at most.
 */
export async function findEntityBySlug(db: DbOrTx, slug: string): Promise<EntityRow | undefined> {
  const [row] = await db.select().from(entities).where(eq(entities.slug, slug)).limit(1);
  if (row) return row;
  const [old] = await db
    .select({ entity: entities })
    .from(entitySlugHistory)
    .innerJoin(entities, eq(entities.id, entitySlugHistory.entityId))
    .where(eq(entitySlugHistory.slug, slug))
    .limit(1);
  return old?.entity;
}

export async function findEntity(
  db: DbOrTx,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<EntityRow | undefined> {
  const query = db.select().from(entities).where(eq(entities.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

async function cappedCount(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const inner = db
    .select({ one: sql`1` })
    .from(entities)
    .where(where)
    .limit(COUNT_CAP)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  return row?.n ?? 0;
}

export async function listApprovedEntities(
  db: DbOrTx,
  options: { entityType?: string; search?: string; limit: number },
): Promise<EntityRow[]> {
  return db
    .select()
    .from(entities)
    .where(
      and(
        eq(entities.verificationStatus, 'approved'),
        options.entityType ? eq(entities.entityType, options.entityType) : undefined,
        options.search ? ilike(entities.name, containsPattern(options.search)) : undefined,
      ),
    )
    .orderBy(entities.name)
    .limit(options.limit);
}

export async function pageEntities(
  db: DbOrTx,
  options: { status?: string; entityType?: string; page: number; limit: number },
): Promise<{ rows: EntityRow[]; total: number }> {
  const where = and(
    options.status ? eq(entities.verificationStatus, options.status) : undefined,
    options.entityType ? eq(entities.entityType, options.entityType) : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(entities)
      .where(where)
      .orderBy(desc(entities.createdAt), desc(entities.id))
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    cappedCount(db, where),
  ]);
  return { rows, total };
}

export async function updateEntityRow(
  db: DbOrTx,
  id: string,
  values: Partial<typeof entities.$inferInsert>,
): Promise<EntityRow | undefined> {
  const [row] = await db
    .update(entities)
    .set({
      ...values,
      ...(values.name !== undefined ? { nameKey: entityNameKey(values.name) } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(entities.id, id))
    .returning();
  return row;
}

export async function deleteEntityRow(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(entities).where(eq(entities.id, id)).returning({ id: entities.id });
  return rows.length > 0;
}

/** Gives the entity's linked users a role (approval restores it, rejection and deletion revoke it). */
export async function setLinkedUsersRole(
  db: DbOrTx,
  entityId: string,
  fromRoles: string[],
  toRole: string,
): Promise<void> {
  await db
    .update(users)
    .set({ role: toRole, updatedAt: sql`now()` })
    .where(and(eq(users.entityId, entityId), inArray(users.role, fromRoles)));
}

/** Active, unexpired offers per entity (the "Active Offers" and "{n} Offers" figures). */
export async function countActiveOffers(
  db: DbOrTx,
  entityIds: string[],
): Promise<Map<string, number>> {
  const counts = new Map(entityIds.map((id) => [id, 0]));
  if (entityIds.length === 0) return counts;
  const rows = await db
    .select({ entityId: offers.entityId, n: sql<number>`count(*)::int` })
    .from(offers)
    .where(
      and(
        inArray(offers.entityId, entityIds),
        eq(offers.offerStatus, 'active'),
        sql`(${offers.expiresAt} IS NULL OR ${offers.expiresAt} > now())`,
      ),
    )
    .groupBy(offers.entityId);
  for (const r of rows) counts.set(r.entityId, r.n);
  return counts;
}
