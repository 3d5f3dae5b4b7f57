import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { NotificationType } from '@trustlinks/contract/notifications';
import type { ReportReason } from '@trustlinks/contract/reviews';
import {
  entities,
  notifications,
  offerApplications,
  offers,
  reviewReports,
  reviews,
  users,
} from '../db/schema';
import { offerPath, reviewPath } from '@trustlinks/contract/paths';
import { HOUR_MS } from '../lib/time';
import type { SeedStep } from './run';

// Decision 027: the demo shows a reported review waiting in Review Moderation (the admin's login),
// and for each other demo login a notification that opens what it is about (a review's own
// address, the offer page with the application and its tracking link).

const MAYA = 'maya.patel@demo.trustlinks.test';
const DANIEL = 'daniel.okafor@demo.trustlinks.test';
const ADV = 'advertiser@demo.trustlinks.test';
const AFF = 'affiliate@demo.trustlinks.test';
const NET = 'network@demo.trustlinks.test';

/** The report: Daniel flags a published review of Vitality Partners he did not write. */
const DEMO_REPORT: { by: string; of: string; reason: ReportReason; details: string } = {
  by: DANIEL,
  of: ADV,
  reason: 'conflict_of_interest',
  details:
    'The reviewer runs a competing Nutra program; the same wording appeared on their own blog.',
};

export const demoLinksStep: SeedStep = {
  name: '026-demo-reports-and-linked-notifications',
  async run({ tx }) {
    const people = await tx
      .select({ id: users.id, email: users.email, entityId: users.entityId })
      .from(users)
      .where(inArray(users.email, [MAYA, DANIEL, ADV, AFF, NET]));
    const user = new Map(people.map((p) => [p.email, p]));
    const companies = await tx
      .select({ id: entities.id, email: entities.email, name: entities.name, slug: entities.slug })
      .from(entities)
      .where(inArray(entities.email, [ADV, AFF, NET]));
    const company = new Map(companies.map((c) => [c.email!, c]));
    const slugOf = new Map(companies.map((c) => [c.id, c.slug]));

    /** A published review of an entity, newest first; optionally by or not by someone. */
    const publishedOf = async (entityEmail: string, opts: { by?: string; notBy?: string } = {}) => {
      const entity = company.get(entityEmail);
      if (!entity) return undefined;
      const by = opts.by ? user.get(opts.by)?.id : undefined;
      const notBy = opts.notBy ? user.get(opts.notBy)?.id : undefined;
      const [row] = await tx
        .select({ id: reviews.id, title: reviews.title, entityId: reviews.entityId })
        .from(reviews)
        .where(
          and(
            eq(reviews.entityId, entity.id),
            eq(reviews.status, 'approved'),
            by ? eq(reviews.reviewerUserId, by) : undefined,
            notBy ? ne(reviews.reviewerUserId, notBy) : undefined,
          ),
        )
        .orderBy(desc(reviews.publishedAt))
        .limit(1);
      return row;
    };
    /** The approved application of a company, with its offer. */
    const approvedOf = async (applicantEmail: string) => {
      const applicant = company.get(applicantEmail);
      if (!applicant) return undefined;
      const [row] = await tx
        .select({ offerId: offerApplications.offerId, title: offers.title, slug: offers.slug })
        .from(offerApplications)
        .innerJoin(offers, eq(offers.id, offerApplications.offerId))
        .where(
          and(
            eq(offerApplications.entityId, applicant.id),
            eq(offerApplications.status, 'approved'),
          ),
        )
        .limit(1);
      return row;
    };

    const reported = await publishedOf(DEMO_REPORT.of, { notBy: DEMO_REPORT.by });
    const reporter = user.get(DEMO_REPORT.by);
    if (reported && reporter) {
      await tx
        .insert(reviewReports)
        .values({
          reviewId: reported.id,
          reporterUserId: reporter.id,
          reason: DEMO_REPORT.reason,
          details: DEMO_REPORT.details,
          createdAt: new Date(Date.now() - 3 * HOUR_MS),
        })
        .onConflictDoNothing();
    }

    const notes: {
      to: string;
      type: NotificationType;
      title: string;
      body: string;
      link: string;
    }[] = [];
    const vitality = company.get(ADV);
    const ofVitality = await publishedOf(ADV);
    if (vitality && ofVitality) {
      notes.push({
        to: ADV,
        type: 'review_received',
        title: `New review of ${vitality.name}`,
        body: `"${ofVitality.title}" was published on your company's page.`,
        link: reviewPath(vitality.slug, ofVitality.id),
      });
    }
    for (const [to, label] of [
      [AFF, 'Northwind Traffic'],
      [NET, 'BlockReach Media'],
    ] as const) {
      const approved = await approvedOf(to);
      if (!approved) continue;
      notes.push({
        to,
        type: 'application_decided',
        title: `Your application to "${approved.title}" was approved`,
        body: `${label}: your tracking link for "${approved.title}" is on the offer page.`,
        link: offerPath(approved.slug),
      });
    }
    for (const to of [MAYA, DANIEL]) {
      const own = (await publishedOf(ADV, { by: to })) ?? (await publishedOf(NET, { by: to }));
      if (!own) continue;
      notes.push({
        to,
        type: 'review_moderated',
        title: 'Your review was published',
        body: `A moderator published your review "${own.title}".`,
        link: reviewPath(slugOf.get(own.entityId)!, own.id),
      });
    }
    const now = Date.now();
    for (const [i, n] of notes.entries()) {
      const to = user.get(n.to);
      if (!to) continue;
      await tx.insert(notifications).values({
        userId: to.id,
        type: n.type,
        title: n.title,
        body: n.body,
        link: n.link,
        createdAt: new Date(now - (i + 1) * 10 * 60 * 1000),
      });
    }
  },
};
