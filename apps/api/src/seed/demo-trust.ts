import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  entities,
  entityWarnings,
  reviewReplies,
  reviewProofs,
  reviews,
  users,
  type EntityRow,
} from '../db/schema';
import { wilsonLowerBound } from '../modules/reviews/trust/reputation';
import {
  recomputeEntityReviewStats,
  refreshPlatformMeans,
} from '../modules/reviews/trust/trust.repository';
import { HOLD_NOTES } from '../modules/reviews/swarm-guard';
import { insertWarningEvent } from '../modules/warnings/warnings.repository';
import type { DemoAccount } from './demo-accounts';
import { demoReviewColumns } from './demo-reviews';
import type { SeedStep } from './run';
import { DAY_MS, HOUR_MS } from '../lib/time';

// Trust and safety II (docs/decisions/012) on the demo data: every review label, payment proofs (one
// verified, one waiting for an admin), a public warning with its audit history, reviews held by
// the swarm guard (the 'burst' badge), negative reviews with replies (reply rate), and the
// TrustScore with its sub-scores on every entity.

/** A one-page PDF receipt (a real, tiny PDF), for the payment proof demos. */
const DEMO_RECEIPT_PDF = Buffer.from(
  `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj
4 0 obj << /Length 62 >> stream
BT /F1 14 Tf 20 100 Td (Payout received: USD 4,820.00) Tj ET
endstream endobj
5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj
trailer << /Root 1 0 R >>
%%EOF
`,
);

/** New accounts whose reviews the swarm guard held (the admins' 'burst' and 'new account'). */
const SWARM_ACCOUNTS: DemoAccount[] = [1, 2].map((n) => ({
  email: `new.member${n}@demo.trustlinks.test`,
  firstName: 'New',
  lastName: `Member ${n}`,
  role: 'user',
}));

const DEMO = (local: string) => `${local}@demo.trustlinks.test`;

export const demoTrustStep: SeedStep = {
  name: '021-demo-trust-and-safety',
  async run({ tx, createAccount }) {
    const now = Date.now();
    const byEmail = async (email: string) =>
      (await tx.select().from(users).where(eq(users.email, email)))[0];
    const entityByName = async (name: string): Promise<EntityRow | undefined> =>
      (await tx.select().from(entities).where(eq(entities.name, name)))[0];

    // Reviewers are members of long standing: their accounts predate their first review by a
    // few months (the demo accounts were created just now).
    await tx.execute(sql`
      UPDATE users u SET created_at = LEAST(u.created_at, first.at - interval '120 days')
      FROM (SELECT reviewer_user_id AS id, min(created_at) AS at FROM reviews GROUP BY 1) first
      WHERE first.id = u.id`);

    // 'Most helpful' ranks the seeded votes.
    const voted = await tx
      .select({ id: reviews.id, h: reviews.helpfulVotes, u: reviews.unhelpfulVotes })
      .from(reviews)
      .where(sql`${reviews.helpfulVotes} + ${reviews.unhelpfulVotes} > 0`);
    for (const r of voted) {
      await tx
        .update(reviews)
        .set({ helpfulScore: wilsonLowerBound(r.h, r.u) })
        .where(eq(reviews.id, r.id));
    }

    const admin = await byEmail(DEMO('admin'));
    const tom = await byEmail(DEMO('tom.becker'));
    const aisha = await byEmail(DEMO('aisha.rahman'));
    const vitality = await entityByName('Vitality Partners');
    const apex = await entityByName('Apex Gaming Group');
    const horizon = await entityByName('Horizon Ads Network');
    const finflow = await entityByName('FinFlow Network');
    if (!admin || !tom || !aisha || !vitality || !apex || !horizon || !finflow) {
      throw new Error('demo trust data: demo accounts or entities are missing');
    }

    // Payment proof: Aisha's review of Vitality verified by an admin ('Payment proof verified'),
    // Tom's review of Apex with a proof still to check in Review Moderation.
    const proofOn = async (reviewerId: string, entityId: string, verified: boolean) => {
      const [review] = await tx
        .select()
        .from(reviews)
        .where(
          and(
            eq(reviews.reviewerUserId, reviewerId),
            eq(reviews.entityId, entityId),
            eq(reviews.status, 'approved'),
          ),
        )
        .limit(1);
      if (!review) return;
      await tx.insert(reviewProofs).values({
        reviewId: review.id,
        fileName: 'payout-receipt.pdf',
        contentType: 'application/pdf',
        sizeBytes: DEMO_RECEIPT_PDF.length,
        data: DEMO_RECEIPT_PDF,
      });
      await tx
        .update(reviews)
        .set({
          proofCount: 1,
          proofVerifiedAt: verified ? new Date(now - 2 * DAY_MS) : null,
          proofVerifiedByUserId: verified ? admin.id : null,
        })
        .where(eq(reviews.id, review.id));
    };
    await proofOn(aisha.id, vitality.id, true);
    await proofOn(tom.id, apex.id, false);

    // Negative reviews of FinFlow, two answered (6 and 30 hours later), one not: a reply rate
    // of 2 of 3 and a median first reply of 18 hours on its page.
    const finflowOwner = (await tx.select().from(users).where(eq(users.entityId, finflow.id)))[0];
    const negatives = [
      {
        by: DEMO('sofia.lindqvist'),
        daysAgo: 40,
        replyAfterHours: 6,
        title: 'Payout held for two weeks',
        text: 'Our October payout was held for two weeks while they re-checked lead quality. It was paid in the end, but nobody told us in advance.',
        rating: 2,
        categories: [3, 2, 2, 1] as const,
        reply:
          'Sorry for the silence: a fraud check on one sub-source held the batch. We now tell partners the same day a payout is held.',
      },
      {
        by: DEMO('lucas.moreau'),
        daysAgo: 75,
        replyAfterHours: 30,
        title: 'Crypto leads scrubbed hard',
        text: 'Almost a third of our crypto leads were scrubbed as duplicates without a report we could check. Support eventually sent a list, a week later.',
        rating: 2,
        categories: [2, 2, 3, 3] as const,
        reply:
          'The duplicate report is now in the dashboard for every scrub, within 24 hours of the batch closing.',
      },
      {
        by: DEMO('maya.patel'),
        daysAgo: 12,
        replyAfterHours: null,
        title: 'Slow to answer tickets',
        text: 'Tickets about tracking discrepancies stayed open for days. The offers are fine but we could not get the postback issue looked at.',
        rating: 1,
        categories: [2, 1, 2, 2] as const,
        reply: null,
      },
    ];
    for (const n of negatives) {
      const author = await byEmail(n.by);
      if (!author) continue;
      const at = new Date(now - n.daysAgo * DAY_MS);
      const [row] = await tx
        .insert(reviews)
        .values({
          entityId: finflow.id,
          ...demoReviewColumns(author, n),
          tags: ['Finance'],
          status: 'approved',
          publishedAt: at,
          createdAt: at,
          updatedAt: at,
          hasOwnerReply: n.reply !== null && finflowOwner !== undefined,
          replyCount: n.reply !== null && finflowOwner !== undefined ? 1 : 0,
        })
        .returning();
      if (n.reply && n.replyAfterHours !== null && finflowOwner) {
        await tx.insert(reviewReplies).values({
          reviewId: row!.id,
          entityId: finflow.id,
          authorUserId: finflowOwner.id,
          replyType: 'response',
          replyText: n.reply,
          createdAt: new Date(at.getTime() + n.replyAfterHours * HOUR_MS),
        });
      }
    }

    // The swarm guard at work: two reviews of new accounts wait in Review Moderation, one of
    // them part of a burst on Horizon Ads.
    const held = [
      { hold: 'burst' as const, hoursAgo: 3, rating: 1, title: 'Do not work with them' },
      { hold: 'new_account' as const, hoursAgo: 5, rating: 5, title: 'Best network ever' },
    ];
    for (const [i, h] of held.entries()) {
      const account = await createAccount(SWARM_ACCOUNTS[i]!);
      await tx
        .update(users)
        .set({ createdAt: new Date(now - (h.hoursAgo + 2) * HOUR_MS) })
        .where(eq(users.id, account.id));
      const text = `${h.title}. Joined today and wanted to warn everyone about my experience with Horizon Ads (${i + 1}).`;
      await tx.insert(reviews).values({
        entityId: horizon.id,
        ...demoReviewColumns(
          { id: account.id, role: 'user' },
          { title: h.title, text, rating: h.rating, categories: Array(4).fill(h.rating) },
        ),
        status: 'pending',
        holdReason: h.hold,
        adminNotes: HOLD_NOTES[h.hold],
        createdAt: new Date(now - h.hoursAgo * HOUR_MS),
      });
    }

    // A public warning on Horizon Ads (shown on its page and offers), and a lifted one in its
    // audit history.
    const lifted = (
      await tx
        .insert(entityWarnings)
        .values({
          entityId: horizon.id,
          kind: 'impersonation',
          publicText:
            'Someone posed as Horizon Ads account managers on Telegram. Horizon Ads only contacts partners from @horizon-ads.example.com addresses.',
          warningDate: new Date(now - 90 * DAY_MS).toISOString().slice(0, 10),
          placedByUserId: admin.id,
          createdAt: new Date(now - 90 * DAY_MS),
          liftedAt: new Date(now - 60 * DAY_MS),
          liftedByUserId: admin.id,
        })
        .returning()
    )[0]!;
    await insertWarningEvent(tx, lifted, 'placed', admin.id, null, lifted.createdAt);
    await insertWarningEvent(
      tx,
      lifted,
      'lifted',
      admin.id,
      'The impersonators were reported and blocked.',
      lifted.liftedAt!,
    );
    const active = (
      await tx
        .insert(entityWarnings)
        .values({
          entityId: horizon.id,
          kind: 'non_payment',
          publicText:
            'Several affiliates report payouts more than 30 days late since September. We are in touch with Horizon Ads and will update this notice.',
          warningDate: new Date(now - 10 * DAY_MS).toISOString().slice(0, 10),
          placedByUserId: admin.id,
          createdAt: new Date(now - 10 * DAY_MS),
        })
        .returning()
    )[0]!;
    await insertWarningEvent(tx, active, 'placed', admin.id, null, active.createdAt);

    // The TrustScore of every reviewed entity, on the platform's prior.
    await refreshPlatformMeans(tx);
    const reviewed = await tx
      .selectDistinct({ id: reviews.entityId })
      .from(reviews)
      .where(eq(reviews.status, 'approved'));
    const ids = reviewed.map((r) => r.id);
    if (ids.length > 0) {
      const rows = await tx
        .select({ id: entities.id })
        .from(entities)
        .where(inArray(entities.id, ids));
      for (const e of rows) await recomputeEntityReviewStats(tx, e.id);
    }
  },
};
