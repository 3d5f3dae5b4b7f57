import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { entities, offerClicks, offers, type EntityRow, type OfferRow } from '../../db/schema';
import { containsPattern } from '../../lib/sql';

export type OfferWithEntity = { offer: OfferRow; entity: Pick<EntityRow, 'name' | 'entityType'> };

/** The explorer shows at most this many as a total; beyond it, "10,000+". */
export const OFFER_COUNT_CAP = 10_000;

/** What the public may see: active, not expired, of an approved entity. */
export const publiclyVisible = (): SQL =>
  and(
    eq(offers.offerStatus, 'active'),
    sql`(${offers.expiresAt} IS NULL OR ${offers.expiresAt} > now())`,
    eq(entities.verificationStatus, 'approved'),
  )!;

export interface OfferFilters {
  title?: string | undefined;
  geo?: string[] | undefined;
  category?: string[] | undefined;
}

function filterSql(f: OfferFilters): SQL | undefined {
  return and(
    publiclyVisible(),
    f.title ? sql`${offers.title} ILIKE ${containsPattern(f.title)}` : undefined,
    f.geo?.length ? sql`${offers.targetGeo} && ${sql.param(f.geo)}::text[]` : undefined,
    f.category?.length
      ? inArray(
          sql`lower(${offers.category})`,
          f.category.map((c) => c.toLowerCase()),
        )
      : undefined,
  );
}

export async function searchOffers(
  db: DbOrTx,
  filters: OfferFilters,
  page: number,
  limit: number,
): Promise<{ rows: OfferWithEntity[]; total: number }> {
  const where = filterSql(filters);
  const capped = db
    .select({ one: sql`1` })
    .from(offers)
    .innerJoin(entities, eq(entities.id, offers.entityId))
    .where(where)
    .limit(OFFER_COUNT_CAP)
    .as('capped');
  const [rows, [count]] = await Promise.all([
    db
      .select({ offer: offers, entity: { name: entities.name, entityType: entities.entityType } })
      .from(offers)
      .innerJoin(entities, eq(entities.id, offers.entityId))
      .where(where)
      .orderBy(desc(offers.createdAt), desc(offers.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: sql<number>`count(*)::int` }).from(capped),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findOfferWithEntity(
  db: DbOrTx,
  id: string,
): Promise<(OfferWithEntity & { entityStatus: string }) | undefined> {
  const [row] = await db
    .select({
      offer: offers,
      entity: { name: entities.name, entityType: entities.entityType },
      entityStatus: entities.verificationStatus,
    })
    .from(offers)
    .innerJoin(entities, eq(entities.id, offers.entityId))
    .where(eq(offers.id, id))
    .limit(1);
  return row;
}

export async function listEntityOffers(
  db: DbOrTx,
  entityId: string,
  options: { publicOnly: boolean; limit: number },
): Promise<OfferWithEntity[]> {
  return db
    .select({ offer: offers, entity: { name: entities.name, entityType: entities.entityType } })
    .from(offers)
    .innerJoin(entities, eq(entities.id, offers.entityId))
    .where(and(eq(offers.entityId, entityId), options.publicOnly ? publiclyVisible() : undefined))
    .orderBy(desc(offers.createdAt))
    .limit(options.limit);
}

export async function insertOffer(
  db: DbOrTx,
  values: typeof offers.$inferInsert,
): Promise<OfferRow> {
  const [row] = await db.insert(offers).values(values).returning();
  return row!;
}

export async function updateOfferRow(
  db: DbOrTx,
  id: string,
  values: Partial<typeof offers.$inferInsert>,
): Promise<OfferRow | undefined> {
  const [row] = await db
    .update(offers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(offers.id, id))
    .returning();
  return row;
}

export async function deleteOfferRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(offers).where(eq(offers.id, id));
}

/**
 * Records a click for (offer, clicker, today) once; only a new record bumps click_count, in the
 * same statement's transaction, so parallel clicks count exactly.
 */
export async function recordClick(
  db: DbOrTx,
  values: { offerId: string; clickerKey: string; userId: string; entityId: string | null },
): Promise<boolean> {
  const inserted = await db
    .insert(offerClicks)
    .values({ ...values, day: sql`CURRENT_DATE` })
    .onConflictDoNothing()
    .returning({ offerId: offerClicks.offerId });
  if (inserted.length === 0) return false;
  await db
    .update(offers)
    .set({ clickCount: sql`${offers.clickCount} + 1` })
    .where(eq(offers.id, values.offerId));
  return true;
}
