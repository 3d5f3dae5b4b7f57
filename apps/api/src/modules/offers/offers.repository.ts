import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  entities,
  offerColumns,
  offers,
  offerSlugHistory,
  offerApplications,
  offerChanges,
  type OfferRow,
} from '../../db/schema';
import { publiclyVisible, runsForPartners, type OfferWithEntity } from './offers.sql';

/**
 * An offer with its entity, whether the public may see it (publiclyVisible) and whether it runs
 * for its partners (runsForPartners: a private offer runs unlisted), read with it.
 */
export type OfferWithVisibility = OfferWithEntity & { visible: boolean; runs: boolean };

const offerWithEntity = (db: DbOrTx) =>
  db
    .select({
      offer: offerColumns,
      entity: { name: entities.name, slug: entities.slug, entityType: entities.entityType },
      visible: sql<boolean>`${publiclyVisible()}`,
      runs: sql<boolean>`${runsForPartners()}`,
    })
    .from(offers)
    .innerJoin(entities, eq(entities.id, offers.entityId));

export async function findOfferWithEntity(
  db: DbOrTx,
  id: string,
): Promise<OfferWithVisibility | undefined> {
  const [row] = await offerWithEntity(db).where(eq(offers.id, id)).limit(1);
  return row;
}

/**
 * The offer at an address's slug: the current one, else an old one a retitle left behind
 * (offer_slug_history). Index lookups only.
 */
export async function findOfferWithEntityBySlug(
  db: DbOrTx,
  slug: string,
): Promise<OfferWithVisibility | undefined> {
  const [row] = await offerWithEntity(db).where(eq(offers.slug, slug)).limit(1);
  if (row) return row;
  const [old] = await db
    .select({ offerId: offerSlugHistory.offerId })
    .from(offerSlugHistory)
    .where(eq(offerSlugHistory.slug, slug))
    .limit(1);
  return old ? findOfferWithEntity(db, old.offerId) : undefined;
}

export async function listEntityOffers(
  db: DbOrTx,
  entityId: string,
  options: { publicOnly: boolean; limit: number },
): Promise<OfferWithEntity[]> {
  return (
    db
      .select({
        offer: offerColumns,
        entity: { name: entities.name, slug: entities.slug, entityType: entities.entityType },
      })
      .from(offers)
      .innerJoin(entities, eq(entities.id, offers.entityId))
      .where(and(eq(offers.entityId, entityId), options.publicOnly ? publiclyVisible() : undefined))
      // As offers_entity_idx is declared (DESC NULLS LAST), so the index serves the order.
      .orderBy(sql`${offers.createdAt} desc nulls last`)
      .limit(options.limit)
  );
}

export async function insertOffer(
  db: DbOrTx,
  values: typeof offers.$inferInsert,
): Promise<OfferRow> {
  const [row] = await db.insert(offers).values(values).returning(offerColumns);
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
    .returning(offerColumns);
  return row;
}

/**
 * The companies running an offer (their applications are approved), at most `limit`: read along
 * offer_applications_open_key (offer_id, entity_id, for open applications).
 */
export async function listApprovedApplicants(
  db: DbOrTx,
  offerId: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ entityId: offerApplications.entityId })
    .from(offerApplications)
    .where(and(eq(offerApplications.offerId, offerId), eq(offerApplications.status, 'approved')))
    .limit(limit);
  return rows.map((r) => r.entityId);
}

/** Whether the entity has an open (pending or approved) application to the offer (decision 048). */
export async function isOfferPartner(db: DbOrTx, offerId: string, entityId: string) {
  const [row] = await db
    .select({ id: offerApplications.id })
    .from(offerApplications)
    .where(
      and(
        eq(offerApplications.offerId, offerId),
        eq(offerApplications.entityId, entityId),
        sql`${offerApplications.status} in ('pending', 'approved')`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** One line of an offer's change audit (offer_changes). */
export async function insertOfferChange(
  db: DbOrTx,
  values: typeof offerChanges.$inferInsert,
): Promise<void> {
  await db.insert(offerChanges).values(values);
}

export async function deleteOfferRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(offers).where(eq(offers.id, id));
}
