import { dashboardPath } from '@trustlinks/contract/pages';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { NotificationType } from '@trustlinks/contract/notifications';
import {
  entities,
  notifications,
  offerApplications,
  offers,
  trackingClicks,
  users,
} from '../db/schema';
import { rebuildDaily } from '../modules/results/results.service';
import type { SeedStep } from './run';
import { DAY_MS, HOUR_MS } from '../lib/time';

const ADV = 'advertiser@demo.trustlinks.test';
const AFF = 'affiliate@demo.trustlinks.test';
const NET = 'network@demo.trustlinks.test';
const SUNRISE = 'team@sunrise-media.example.com';
const CLICKSTREAM = 'hello@clickstream.example.com';

/** Payout recorded for a conversion of a RevShare offer (its postback would report one). */
const REVSHARE_DEMO_PAYOUT = 25;
/** Days of demo traffic the results charts show on first start (docs/decisions/031). */
const DEMO_TRAFFIC_DAYS = 60;
/** The demo has three sub1 values: any limit above that (RESULTS_SUB1_PER_DAY's default). */
const DEMO_SUB1_PER_DAY = 100;

interface DemoApplication {
  by: string; // applicant entity email
  offer: string; // offer title
  status: 'pending' | 'approved' | 'rejected' | 'withdrawn' | 'revoked';
  message?: string;
  note?: string;
  ageDays: number;
}

/** Applications in every status, for each demo login's dashboards. */
export const DEMO_APPLICATIONS: DemoApplication[] = [
  {
    by: AFF,
    offer: 'KetoSlim Pro — Free Trial',
    status: 'approved',
    message: 'US/CA native traffic on Taboola and Outbrain, about 80k clicks a day.',
    note: 'Welcome aboard. Payouts every Friday, Net 7.',
    ageDays: 20,
  },
  {
    by: AFF,
    offer: 'VitaGlow Collagen — Straight Sale',
    status: 'pending',
    message: 'We would test it on UK push first, then DE.',
    ageDays: 1,
  },
  {
    by: AFF,
    offer: 'Apex Sportsbook — CPA',
    status: 'rejected',
    message: 'Pop traffic in the UK, sports-heavy zones.',
    note: 'For now we only work with sports-focused publishers. Try again next season.',
    ageDays: 9,
  },
  {
    by: AFF,
    offer: 'MatchMe Dating — SOI',
    status: 'pending',
    message: 'Nordic push and pop traffic, 35k a day.',
    ageDays: 0,
  },
  { by: AFF, offer: 'CoinNest Earn — Staking Sign-up', status: 'withdrawn', ageDays: 6 },
  {
    by: NET,
    offer: 'FlexJoint Plus — COD',
    status: 'pending',
    message: 'Our LATAM and Southern Europe publishers run COD daily.',
    ageDays: 0,
  },
  {
    by: NET,
    offer: 'Royal Spins Casino — First Deposit',
    status: 'approved',
    note: 'Approved for all GEOs in the offer.',
    ageDays: 25,
  },
  { by: SUNRISE, offer: 'KetoSlim Pro — Free Trial', status: 'approved', ageDays: 14 },
  // Approved, then revoked by the owner (docs/decisions/025): its tracking link answers 410.
  {
    by: NET,
    offer: 'VitaGlow Collagen — Straight Sale',
    status: 'revoked',
    message: 'Our UK and IE publishers run collagen offers on native.',
    note: 'Revoked: clicks came from incentivised sources, which the offer does not allow.',
    ageDays: 12,
  },
  {
    by: CLICKSTREAM,
    offer: 'KetoSlim Pro — Free Trial',
    status: 'pending',
    message: 'Content sites in the US health niche.',
    ageDays: 0,
  },
];

interface DemoNotification {
  to: string; // user email
  type: NotificationType;
  title: string;
  body: string;
  link: string | null;
  read: boolean;
  ageHours: number;
}

const DEMO_NOTIFICATIONS: DemoNotification[] = [
  {
    to: ADV,
    type: 'application_received',
    title: 'New application to "FlexJoint Plus — COD"',
    body: 'BlockReach Media (network) applied to run your offer "FlexJoint Plus — COD".',
    link: dashboardPath('advertiser', 'applications'),
    read: false,
    ageHours: 2,
  },
  {
    to: ADV,
    type: 'application_received',
    title: 'New application to "KetoSlim Pro — Free Trial"',
    body: 'ClickStream Publishers (affiliate) applied to run your offer "KetoSlim Pro — Free Trial".',
    link: dashboardPath('advertiser', 'applications'),
    read: false,
    ageHours: 5,
  },
  {
    to: ADV,
    type: 'review_received',
    title: 'New review of Vitality Partners',
    body: 'A new review of Vitality Partners was published.',
    link: dashboardPath('advertiser', 'reviews'),
    read: true,
    ageHours: 50,
  },
  {
    to: AFF,
    type: 'application_decided',
    title: 'Your application to "KetoSlim Pro — Free Trial" was approved',
    body: 'Vitality Partners approved your application to run "KetoSlim Pro — Free Trial". Your tracking link is on your dashboard.',
    link: dashboardPath('affiliate', 'my-applications'),
    read: false,
    ageHours: 3,
  },
  {
    to: AFF,
    type: 'bid_received',
    title: 'New counter offer on "Nutra trials for US native traffic"',
    body: 'BlockReach Media submitted a counter offer of $39.50 on your offer request.',
    link: dashboardPath('affiliate', 'requests'),
    read: false,
    ageHours: 8,
  },
  {
    to: AFF,
    type: 'application_decided',
    title: 'Your application to "Apex Sportsbook — CPA" was rejected',
    body: 'Apex Gaming Group rejected your application to run "Apex Sportsbook — CPA".',
    link: dashboardPath('affiliate', 'my-applications'),
    read: true,
    ageHours: 200,
  },
  {
    to: NET,
    type: 'application_received',
    title: 'New application to "MatchMe Dating — SOI"',
    body: 'Northwind Traffic (affiliate) applied to run your offer "MatchMe Dating — SOI".',
    link: dashboardPath('network', 'applications'),
    read: false,
    ageHours: 1,
  },
  {
    to: NET,
    type: 'application_decided',
    title: 'Your application to "Royal Spins Casino — First Deposit" was approved',
    body: 'Apex Gaming Group approved your application. Your tracking link is on your dashboard.',
    link: dashboardPath('network', 'my-applications'),
    read: true,
    ageHours: 600,
  },
  {
    to: NET,
    type: 'application_decided',
    title: 'Your application to "VitaGlow Collagen — Straight Sale" was revoked',
    body: 'Vitality Partners revoked your application to run "VitaGlow Collagen — Straight Sale". Your tracking link no longer works. Note: "Revoked: clicks came from incentivised sources, which the offer does not allow."',
    link: dashboardPath('network', 'my-applications'),
    read: false,
    ageHours: 4,
  },
  {
    to: NET,
    type: 'entity_decision',
    title: 'BlockReach Media is approved',
    body: 'BlockReach Media was approved on TrustLinks: you can publish offers and requests.',
    link: dashboardPath('network'),
    read: true,
    ageHours: 900,
  },
  {
    to: 'maya.patel@demo.trustlinks.test',
    type: 'review_moderated',
    title: 'Your review was published',
    body: 'A moderator approved your review; it is now public.',
    link: dashboardPath('user'),
    read: false,
    ageHours: 6,
  },
  {
    to: 'daniel.okafor@demo.trustlinks.test',
    type: 'identity_decision',
    title: 'Your identity is verified',
    body: 'You now have full access to company contacts in the database.',
    link: '/affliate-industry',
    read: false,
    ageHours: 30,
  },
];

/**
 * Applications in every status, and real clicks and conversions behind every demo counter: each
 * offer's demo click and conversion counts become tracking clicks of its approved applications
 * (one per visitor per day, spread over four weeks), and the counters are then recomputed from
 * those rows, so the numbers on the cards are the ones the product itself would count.
 */
export const demoApplicationsStep: SeedStep = {
  name: '020-demo-applications-tracking-notifications',
  async run({ tx }) {
    const now = Date.now();
    const entityRows = await tx
      .select({
        id: entities.id,
        email: entities.email,
        type: entities.entityType,
        status: entities.verificationStatus,
        userId: users.id,
      })
      .from(entities)
      .leftJoin(users, eq(users.entityId, entities.id));
    const byEmail = new Map(entityRows.map((e) => [e.email, e]));
    const offerRows = await tx.select().from(offers);
    const byTitle = new Map(offerRows.map((o) => [o.title, o]));

    const insertApplication = async (
      offer: (typeof offerRows)[number],
      applicant: { id: string; userId: string | null },
      a: Omit<DemoApplication, 'by' | 'offer'>,
    ) => {
      const created = new Date(now - a.ageDays * DAY_MS - HOUR_MS);
      const decided = a.status !== 'pending' && a.status !== 'withdrawn';
      // A revoked application was approved first: it keeps the code of its (dead) link.
      await tx.insert(offerApplications).values({
        offerId: offer.id,
        ownerEntityId: offer.entityId,
        entityId: applicant.id,
        userId: applicant.userId ?? offer.createdByUserId ?? applicant.id,
        message: a.message ?? null,
        status: a.status,
        decisionNote: a.note ?? null,
        decidedByUserId: decided ? offer.createdByUserId : null,
        decidedAt: decided ? new Date(created.getTime() + HOUR_MS) : null,
        trackingCode:
          a.status === 'approved' || a.status === 'revoked'
            ? randomBytes(18).toString('base64url')
            : null,
        createdAt: created,
        updatedAt: created,
      });
    };

    for (const a of DEMO_APPLICATIONS) {
      const applicant = byEmail.get(a.by);
      const offer = byTitle.get(a.offer);
      if (!applicant || !offer || applicant.id === offer.entityId) continue;
      await insertApplication(offer, applicant, a);
    }

    // Every offer with demo traffic gets at least one approved application to carry it.
    const runners = entityRows.filter(
      (e) => e.status === 'approved' && (e.type === 'affiliate' || e.type === 'network'),
    );
    const withTraffic = offerRows.filter((o) => o.clickCount > 0);
    for (const [i, offer] of withTraffic.entries()) {
      const [approved] = await tx
        .select({ id: offerApplications.id })
        .from(offerApplications)
        .where(
          and(eq(offerApplications.offerId, offer.id), eq(offerApplications.status, 'approved')),
        )
        .limit(1);
      if (approved) continue;
      const pool = runners.filter((r) => r.id !== offer.entityId);
      const applicant = pool[i % pool.length];
      if (applicant) await insertApplication(offer, applicant, { status: 'approved', ageDays: 28 });
    }

    for (const offer of withTraffic) {
      const apps = await tx
        .select({ id: offerApplications.id })
        .from(offerApplications)
        .where(
          and(eq(offerApplications.offerId, offer.id), eq(offerApplications.status, 'approved')),
        );
      if (!apps.length) continue;
      const payout = offer.payoutAmount ?? REVSHARE_DEMO_PAYOUT;
      const ids = sql`ARRAY[${sql.join(
        apps.map((a) => sql`${a.id}::uuid`),
        sql`, `,
      )}]`;
      // 60 days of traffic, denser towards today (the charts of docs/decisions/031), conversions spread over
      // it; two of three clicks carry a sub1 (the affiliate's traffic source) and some a sub2.
      await tx.execute(sql`
        INSERT INTO tracking_clicks (application_id, offer_id, visitor_key, day, converted_at, payout, created_at, sub1, sub2)
        SELECT (${ids})[1 + (g % ${apps.length})], ${offer.id}::uuid,
               md5(${offer.id}::text || ':' || g), (t.at AT TIME ZONE 'UTC')::date,
               CASE WHEN t.converts THEN t.at END,
               CASE WHEN t.converts THEN ${payout}::numeric END,
               t.at,
               (ARRAY['facebook', 'google-search', NULL])[1 + (g % 3)],
               CASE WHEN g % 5 = 0 THEN 'creative-' || (1 + g % 4) END
        FROM generate_series(0, ${offer.clickCount - 1}) AS g,
        LATERAL (SELECT now() - make_interval(
                          days => floor(${DEMO_TRAFFIC_DAYS} * power((g * 0.6180339887) % 1, 1.4))::int,
                          mins => (g * 37) % 600) AS at,
                        (g * 7919) % ${offer.clickCount} < ${offer.conversionCount} AS converts) t`);
    }

    // The counters, from the rows (the same figures the product keeps up to date).
    await tx.execute(sql`
      UPDATE offers o SET click_count = c.clicks, conversion_count = c.conversions, payout_total = c.payout
      FROM (SELECT offer_id, count(*)::int AS clicks, count(converted_at)::int AS conversions,
                   coalesce(sum(payout), 0) AS payout
            FROM tracking_clicks GROUP BY offer_id) c
      WHERE o.id = c.offer_id`);
    await tx.execute(sql`
      UPDATE offer_applications a SET click_count = c.clicks, conversion_count = c.conversions, payout_total = c.payout
      FROM (SELECT application_id, count(*)::int AS clicks, count(converted_at)::int AS conversions,
                   coalesce(sum(payout), 0) AS payout
            FROM tracking_clicks GROUP BY application_id) c
      WHERE a.id = c.application_id`);
    // Results over time read the daily roll-ups (docs/decisions/031): built from these rows.
    await rebuildDaily(tx, DEMO_SUB1_PER_DAY);
    // Offers whose demo counts had no approved application to carry them count nothing.
    await tx
      .update(offers)
      .set({ clickCount: 0, conversionCount: 0 })
      .where(
        and(
          gt(offers.clickCount, 0),
          sql`NOT EXISTS (SELECT 1 FROM ${trackingClicks} WHERE ${trackingClicks.offerId} = ${offers.id})`,
        ),
      );

    const people = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, [...new Set(DEMO_NOTIFICATIONS.map((n) => n.to))]));
    const userByEmail = new Map(people.map((p) => [p.email, p.id]));
    for (const n of DEMO_NOTIFICATIONS) {
      const userId = userByEmail.get(n.to);
      if (!userId) continue;
      const created = new Date(now - n.ageHours * HOUR_MS);
      await tx.insert(notifications).values({
        userId,
        type: n.type,
        title: n.title,
        body: n.body,
        link: n.link,
        readAt: n.read ? created : null,
        createdAt: created,
      });
    }
  },
};
