import { aliasedTable, and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  entities,
  offerApplications,
  offers,
  trackingClicks,
  type OfferApplicationRow,
} from '../../db/schema';
import { UTC_TODAY } from '../../lib/sql';
import type { TrustFacts } from '../entities/trust-context.presenter';
import { runsForPartners } from '../offers/offers.sql';
import { underWarningSql } from '../warnings/under-warning.sql';
import { addToDaily, dailyAdditionSql } from '../results/results.sql';

const applicant = aliasedTable(entities, 'applicant');
const owner = aliasedTable(entities, 'owner');

/** An application with what its views show of the offer, its owner and the applicant. */
export interface ApplicationView {
  application: OfferApplicationRow;
  offer: {
    title: string;
    slug: string;
    payoutType: string;
    payoutAmount: number | null;
    payoutPercent: string | null;
  };
  owner: { name: string; slug: string };
  applicant: {
    name: string;
    slug: string;
    entityType: string;
  };
  /** The applicant's trust facts (entities/trust-context.presenter.ts). */
  applicantTrust: TrustFacts;
}

function viewQuery(db: DbOrTx) {
  return db
    .select({
      application: offerApplications,
      offer: {
        title: offers.title,
        slug: offers.slug,
        payoutType: offers.payoutType,
        payoutAmount: offers.payoutAmount,
        payoutPercent: offers.payoutPercent,
      },
      owner: { name: owner.name, slug: owner.slug },
      applicant: {
        name: applicant.name,
        slug: applicant.slug,
        entityType: applicant.entityType,
      },
      applicantTrust: {
        reputationScore: applicant.reputationScore,
        totalReviews: applicant.totalReviews,
        verificationStatus: applicant.verificationStatus,
        warned: underWarningSql(offerApplications.entityId),
      },
    })
    .from(offerApplications)
    .innerJoin(offers, eq(offers.id, offerApplications.offerId))
    .innerJoin(owner, eq(owner.id, offerApplications.ownerEntityId))
    .innerJoin(applicant, eq(applicant.id, offerApplications.entityId));
}

export async function findApplicationView(
  db: DbOrTx,
  id: string,
): Promise<ApplicationView | undefined> {
  const [row] = await viewQuery(db).where(eq(offerApplications.id, id)).limit(1);
  return row;
}

export interface ApplicationFilter {
  offerId?: string | undefined;
  offerIds?: string[] | undefined;
  ownerEntityId?: string;
  entityId?: string;
  status?: string | undefined;
}

function filterSql(f: ApplicationFilter): SQL {
  return and(
    f.offerId ? eq(offerApplications.offerId, f.offerId) : undefined,
    f.offerIds ? inArray(offerApplications.offerId, f.offerIds) : undefined,
    f.ownerEntityId ? eq(offerApplications.ownerEntityId, f.ownerEntityId) : undefined,
    f.entityId ? eq(offerApplications.entityId, f.entityId) : undefined,
    f.status ? eq(offerApplications.status, f.status) : undefined,
  )!;
}

/** Newest first; each filter is served by one of the offer/owner/entity indexes. */
export async function listApplications(
  db: DbOrTx,
  filter: ApplicationFilter,
  limit: number,
  offset: number,
): Promise<ApplicationView[]> {
  return viewQuery(db)
    .where(filterSql(filter))
    .orderBy(desc(offerApplications.createdAt), desc(offerApplications.id))
    .limit(limit)
    .offset(offset);
}

/** One company's applications are few (bounded by its offers and partners): counted exactly. */
export async function countApplications(db: DbOrTx, filter: ApplicationFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(offerApplications)
    .where(filterSql(filter));
  return row?.n ?? 0;
}

/** Inserts a pending application; undefined when one is already open (pending or approved). */
export async function insertApplication(
  db: DbOrTx,
  values: typeof offerApplications.$inferInsert,
): Promise<OfferApplicationRow | undefined> {
  const [row] = await db.insert(offerApplications).values(values).onConflictDoNothing().returning();
  return row;
}

/**
 * Moves an application on from `from` (pending: a decision or withdrawal; approved: a revocation);
 * undefined when it is no longer in that status (moved meanwhile: the row lock makes two racing
 * decisions resolve to one).
 */
export async function decidePending(
  db: DbOrTx,
  id: string,
  values: Partial<typeof offerApplications.$inferInsert>,
  from: 'pending' | 'approved' = 'pending',
): Promise<OfferApplicationRow | undefined> {
  const [row] = await db
    .update(offerApplications)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(offerApplications.id, id), eq(offerApplications.status, from)))
    .returning();
  return row;
}

/** How many applications one entity made to one offer in the last 24 hours (any status). */
export async function countRecentApplications(
  db: DbOrTx,
  offerId: string,
  entityId: string,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(offerApplications)
    .where(
      and(
        eq(offerApplications.offerId, offerId),
        eq(offerApplications.entityId, entityId),
        sql`${offerApplications.createdAt} > now() - interval '24 hours'`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * What a tracking link needs: the application, its offer, whether the offer runs (`visible`:
 * runsForPartners, the public rule that also lets a private offer run for its partners, decision
 * 048; its entity's approval is the offer's copy, decision 035), and the applicant's standing (a
 * rejected applicant's link stops).
 */
export async function findByTrackingCode(db: DbOrTx, code: string) {
  const [row] = await db
    .select({
      applicationId: offerApplications.id,
      applicantEntityId: offerApplications.entityId,
      status: offerApplications.status,
      offerId: offers.id,
      landingPageUrl: offers.landingPageUrl,
      fallbackUrl: offers.fallbackUrl,
      // The offer's public rule (active, unexpired, entity approved), read with the link.
      visible: sql<boolean>`${runsForPartners()}`,
      applicantStatus: applicant.verificationStatus,
    })
    .from(offerApplications)
    .innerJoin(offers, eq(offers.id, offerApplications.offerId))
    .innerJoin(applicant, eq(applicant.id, offerApplications.entityId))
    .where(eq(offerApplications.trackingCode, code))
    .limit(1);
  return row;
}

/**
 * Records a visitor's click once per offer per day and returns its id (the existing one on a
 * repeat, whose sub-IDs stay). Only a new click bumps the offer's and the application's click
 * counts and today's roll-up (docs/decisions/031). One statement does all four writes, so they commit
 * together without a transaction of the caller's, and parallel clicks count exactly (each
 * increment and the roll-up's upsert apply to the latest row). One round trip instead of seven: a
 * click's round trips, each waiting its turn on a busy server, were its latency under load
 * (docs/decisions/031, docs/performance.md).
 */
export async function recordTrackingClick(
  db: DbOrTx,
  values: {
    applicationId: string;
    offerId: string;
    affiliateEntityId: string;
    visitorKey: string;
    sub1: string | null;
    sub2: string | null;
  },
  sub1PerDay: number,
): Promise<{ clickId: string; counted: boolean }> {
  const counted = sql`EXISTS (SELECT 1 FROM inserted)`;
  const result = (await db.execute(sql`
    WITH inserted AS (
      INSERT INTO ${trackingClicks} (application_id, offer_id, visitor_key, sub1, sub2, day)
      VALUES (${values.applicationId}::uuid, ${values.offerId}::uuid, ${values.visitorKey}::text,
              ${values.sub1}::text, ${values.sub2}::text, ${UTC_TODAY})
      ON CONFLICT DO NOTHING
      RETURNING id
    ), daily AS (
      ${dailyAdditionSql({ ...values, clicks: 1, conversions: 0, payout: 0 }, sub1PerDay, counted)}
    ), offer_clicks AS (
      UPDATE ${offers} SET click_count = click_count + 1
      WHERE id = ${values.offerId}::uuid AND ${counted}
    ), application_clicks AS (
      UPDATE ${offerApplications} SET click_count = click_count + 1
      WHERE id = ${values.applicationId}::uuid AND ${counted}
    )
    SELECT id FROM inserted`)) as unknown as { rows: { id: string }[] };
  const inserted = result.rows[0];
  if (inserted) return { clickId: inserted.id, counted: true };
  const [existing] = await db
    .select({ id: trackingClicks.id })
    .from(trackingClicks)
    .where(
      and(
        eq(trackingClicks.offerId, values.offerId),
        eq(trackingClicks.visitorKey, values.visitorKey),
        sql`${trackingClicks.day} = ${UTC_TODAY}`,
      ),
    );
  return { clickId: existing!.id, counted: false };
}

/** A click with its offer's postback secret and fixed payout. */
export async function findClickForPostback(db: DbOrTx, clickId: string) {
  const [row] = await db
    .select({
      clickId: trackingClicks.id,
      applicationId: trackingClicks.applicationId,
      offerId: trackingClicks.offerId,
      affiliateEntityId: offerApplications.entityId,
      sub1: trackingClicks.sub1,
      sub2: trackingClicks.sub2,
      convertedAt: trackingClicks.convertedAt,
      payout: trackingClicks.payout,
      secret: offers.postbackSecret,
      offerPayoutAmount: offers.payoutAmount,
      // The payout agreed with this partner (decision 048): null while the offer's own applies.
      agreedPayoutType: offerApplications.payoutType,
      agreedPayoutAmount: offerApplications.payoutAmount,
    })
    .from(trackingClicks)
    .innerJoin(offers, eq(offers.id, trackingClicks.offerId))
    .innerJoin(offerApplications, eq(offerApplications.id, trackingClicks.applicationId))
    .where(eq(trackingClicks.id, clickId));
  return row;
}

/**
 * Converts a click once: the conditional UPDATE takes the row lock, so of parallel postbacks for
 * one click exactly one finds it unconverted; only that one bumps the counters and adds to
 * today's roll-up under the click's sub1 (same transaction).
 */
export async function convertClick(
  db: DbOrTx,
  click: {
    clickId: string;
    offerId: string;
    applicationId: string;
    affiliateEntityId: string;
    sub1: string | null;
  },
  payout: number | null,
  sub1PerDay: number,
): Promise<boolean> {
  const [converted] = await db
    .update(trackingClicks)
    .set({ convertedAt: sql`now()`, payout })
    .where(and(eq(trackingClicks.id, click.clickId), sql`${trackingClicks.convertedAt} IS NULL`))
    .returning({ id: trackingClicks.id });
  if (!converted) return false;
  const amount = payout ?? 0;
  await db
    .update(offers)
    .set({
      conversionCount: sql`${offers.conversionCount} + 1`,
      payoutTotal: sql`${offers.payoutTotal} + ${amount}`,
    })
    .where(eq(offers.id, click.offerId));
  await db
    .update(offerApplications)
    .set({
      conversionCount: sql`${offerApplications.conversionCount} + 1`,
      payoutTotal: sql`${offerApplications.payoutTotal} + ${amount}`,
    })
    .where(eq(offerApplications.id, click.applicationId));
  await addToDaily(db, { ...click, clicks: 0, conversions: 1, payout: amount }, sub1PerDay);
  return true;
}

/** The entity's open (pending or approved) application to the offer, if any. */
export async function findOpenApplication(
  db: DbOrTx,
  offerId: string,
  entityId: string,
): Promise<OfferApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(offerApplications)
    .where(
      and(
        eq(offerApplications.offerId, offerId),
        eq(offerApplications.entityId, entityId),
        inArray(offerApplications.status, ['pending', 'approved']),
      ),
    )
    .limit(1);
  return row;
}

/** The payout agreed with an application's partner (decision 048); null type: the offer's own. */
export interface TermsValues {
  payoutType: string | null;
  payoutAmount: number | null;
  termsSource: 'offer' | 'bid' | 'override';
}

/**
 * Sets an approved application's agreed payout; undefined when it is no longer approved (the row
 * lock orders it after a racing revocation).
 */
export async function setApplicationTerms(
  db: DbOrTx,
  id: string,
  terms: TermsValues,
): Promise<OfferApplicationRow | undefined> {
  const [row] = await db
    .update(offerApplications)
    .set({ ...terms, updatedAt: sql`now()` })
    .where(and(eq(offerApplications.id, id), eq(offerApplications.status, 'approved')))
    .returning();
  return row;
}
