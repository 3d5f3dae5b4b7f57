import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  adminActions,
  entities,
  entityWarningEvents,
  entityWarnings,
  reviewReports,
  reviewVotes,
  reviews,
  users,
} from '../db/schema';
import { recountVotes } from '../modules/reviews/review-votes.repository';
import { recomputeEntityReviewStats } from '../modules/reviews/trust/trust.repository';
import { spamNote } from '../modules/reviews/reviews.spam';
import { DAY_MS, HOUR_MS } from '../lib/time';
import { demoReviewColumns } from './demo-reviews';
import type { SeedStep } from './run';

// docs/decisions/054: a reviewer with a public page (four published reviews, one anonymous that
// the page never shows), and a month of moderation for the transparency report: reviews written
// and published, held and decided, reported and removed, a warning placed and lifted — last
// calendar month, so the report's previous month has figures on first start.

export const DEMO_REVIEWER_EMAIL = 'priya.reviewer@demo.trustlinks.test';

const REVIEWER_REVIEWS = [
  {
    title: 'Clear caps and honest scrubbing',
    text: 'Ran finance lead-gen with them for a quarter. Caps were stated up front, the scrub rate matched what the manager promised, and every invoice was paid within the agreed net-15.',
    rating: 5,
    helpful: 9,
  },
  {
    title: 'Good offers, slow support on weekends',
    text: 'Solid Nutra offers with working landers. Our manager answered fast on weekdays, but a tracking issue on a Saturday waited until Monday and cost us two days of traffic.',
    rating: 4,
    helpful: 4,
  },
  {
    title: 'Paid on time for six months',
    text: 'Six months of sweepstakes traffic; payouts arrived on the 5th of every month without reminders. Reporting in their panel matched our tracker within a percent.',
    rating: 5,
    helpful: 6,
  },
  {
    title: 'Fine for testing, not for scale',
    text: 'Useful for testing new GEOs at small budgets. When we tried to scale past 200 leads a day the caps were cut without notice, so plan for that.',
    rating: 3,
    helpful: 2,
  },
] as const;

/** Authors of the month's moderated reviews (plain demo members). */
const VOICES = [
  { email: 'milo.moderated@demo.trustlinks.test', firstName: 'Milo', lastName: 'Marsh' },
  { email: 'ines.reported@demo.trustlinks.test', firstName: 'Ines', lastName: 'Ortega' },
  { email: 'tariq.new@demo.trustlinks.test', firstName: 'Tariq', lastName: 'Nadeem' },
] as const;

const TEXT = (n: number) =>
  `Worked with this company on several campaigns (demo review ${n}); the figures in their panel matched our tracker and payouts came as agreed.`;

export const demoReviewerTransparencyStep: SeedStep = {
  name: '054-demo-reviewer-and-transparency',
  async run({ tx, createAccount, printLogin }) {
    const companies = await tx
      .select()
      .from(entities)
      .where(eq(entities.verificationStatus, 'approved'))
      .orderBy(asc(entities.name))
      .limit(8);
    if (companies.length < 5) return;
    const [admin] = await tx
      .select()
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
      .limit(1);
    const touched = new Set<string>();

    // The reviewer: identity verified, a member for a year, four published reviews and one anonymous.
    const priya = await createAccount({
      email: DEMO_REVIEWER_EMAIL,
      firstName: 'Priya',
      lastName: 'Raman',
      role: 'affiliate',
    });
    await tx
      .update(users)
      .set({
        identityVerified: true,
        identityMethod: 'business_email',
        identityValue: 'priya@leadlane-demo.example',
        identityDomain: 'leadlane-demo.example',
        identityVerifiedAt: new Date(Date.now() - 300 * DAY_MS),
        createdAt: new Date(Date.now() - 365 * DAY_MS),
      })
      .where(eq(users.id, priya.id));
    printLogin(DEMO_REVIEWER_EMAIL, 'affiliate');
    // Her helpful votes are real votes of other demo accounts (counters equal the votes: the
    // invariant decision 008 keeps), counted by the repository's own recount.
    const voters = await tx
      .select({ id: users.id, entityId: users.entityId })
      .from(users)
      .where(
        and(
          eq(users.status, 'active'),
          ne(users.role, 'admin'),
          ne(users.id, priya.id),
          sql`NOT EXISTS (SELECT 1 FROM ${reviews} h WHERE h.reviewer_user_id = ${users.id}
            AND h.hold_reason IS NOT NULL)`,
        ),
      )
      .orderBy(asc(users.createdAt))
      .limit(40);
    for (const [i, r] of REVIEWER_REVIEWS.entries()) {
      const company = companies[i]!;
      const at = new Date(Date.now() - (200 - i * 45) * DAY_MS);
      const [row] = await tx
        .insert(reviews)
        .values({
          entityId: company.id,
          ...demoReviewColumns(
            { id: priya.id, role: 'affiliate' },
            { ...r, categories: [r.rating, r.rating, r.rating, r.rating] },
          ),
          status: 'approved',
          createdAt: at,
          publishedAt: at,
        })
        .returning({ id: reviews.id });
      const helpful = voters.filter((v) => v.entityId !== company.id).slice(0, r.helpful);
      if (helpful.length > 0) {
        await tx
          .insert(reviewVotes)
          .values(helpful.map((v) => ({ reviewId: row!.id, userId: v.id, voteType: 'helpful' })));
      }
      await recountVotes(tx, row!.id);
      touched.add(company.id);
    }
    await tx.insert(reviews).values({
      entityId: companies[4]!.id,
      ...demoReviewColumns(
        { id: priya.id, role: 'affiliate' },
        {
          title: 'Late payments this spring',
          text: 'Posted anonymously: two invoices this spring were paid three weeks late, and only after several reminders to the finance team.',
          rating: 2,
          categories: [3, 2, 2, 1],
        },
      ),
      isAnonymous: true,
      status: 'approved',
      createdAt: new Date(Date.now() - 60 * DAY_MS),
      publishedAt: new Date(Date.now() - 60 * DAY_MS),
    });
    touched.add(companies[4]!.id);

    // Last calendar month (UTC) of moderation.
    const now = new Date();
    const month = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
    const at = (day: number, hours = 0) => new Date(month + day * DAY_MS + hours * HOUR_MS);
    const voices = [];
    for (const v of VOICES) voices.push(await createAccount({ ...v, role: 'user' }));
    const [milo, ines, tariq] = voices as [
      (typeof voices)[0],
      (typeof voices)[0],
      (typeof voices)[0],
    ];
    let n = 0;
    const review = async (
      author: { id: string },
      company: (typeof companies)[number],
      values: Partial<typeof reviews.$inferInsert>,
    ) => {
      n += 1;
      touched.add(company.id);
      const [row] = await tx
        .insert(reviews)
        .values({
          entityId: company.id,
          ...demoReviewColumns(
            { id: author.id, role: 'user' },
            {
              title: `Campaign notes ${n}`,
              text: TEXT(n),
              rating: 2 + (n % 4),
              categories: [3, 3, 4, 3],
            },
          ),
          status: 'approved',
          ...values,
        })
        .returning();
      return row!;
    };
    const decide = (target: { id: string; reviewerUserId: string }, action: string, when: Date) =>
      tx.insert(adminActions).values({
        actorUserId: admin?.id ?? null,
        action,
        targetUserId: target.reviewerUserId,
        targetReviewId: target.id,
        createdAt: when,
      });

    // Published at once.
    for (const [i, company] of companies.slice(0, 5).entries()) {
      await review(i % 2 ? milo : ines, company, { createdAt: at(2 + i), publishedAt: at(2 + i) });
    }
    // Held: a new account's reviews, one approved after 5 hours, one removed after 20.
    const keptNew = await review(tariq, companies[5]!, {
      createdAt: at(8),
      publishedAt: at(8, 5),
      holdReason: 'new_account',
    });
    await decide(keptNew, 'review_approved', at(8, 5));
    const removedNew = await review(tariq, companies[6] ?? companies[0]!, {
      createdAt: at(9),
      status: 'rejected',
      holdReason: 'new_account',
      publishedAt: null,
    });
    await decide(removedNew, 'review_rejected', at(9, 20));
    // Flagged by the spam filter, removed after 30 hours.
    const spam = await review(milo, companies[1]!, {
      createdAt: at(11),
      status: 'rejected',
      publishedAt: null,
      adminNotes: spamNote('a link to another site'),
    });
    await decide(spam, 'review_rejected', at(12, 6));
    // Reported: two removed (fake, offensive), one kept after a look.
    const reporters = [priya, milo, ines];
    const reported = [
      { reasons: ['fake', 'fake'] as const, action: 'review_rejected', afterHours: 50 },
      { reasons: ['offensive'] as const, action: 'review_rejected', afterHours: 72 },
      { reasons: ['other'] as const, action: 'review_approved', afterHours: 18 },
    ];
    for (const [i, r] of reported.entries()) {
      const written = at(14 + i * 3);
      const decided = new Date(written.getTime() + r.afterHours * HOUR_MS);
      const row = await review(tariq, companies[i]!, {
        createdAt: written,
        publishedAt: written,
        status: r.action === 'review_rejected' ? 'rejected' : 'approved',
      });
      for (const [j, reason] of r.reasons.entries()) {
        await tx.insert(reviewReports).values({
          reviewId: row.id,
          reporterUserId: reporters[j]!.id,
          reason,
          createdAt: new Date(written.getTime() + (j + 2) * HOUR_MS),
          resolvedAt: decided,
        });
      }
      await decide(row, r.action, decided);
    }
    // A public warning placed and lifted within the month.
    const warned = companies[2]!;
    const [warning] = await tx
      .insert(entityWarnings)
      .values({
        entityId: warned.id,
        kind: 'non_payment',
        publicText:
          'Several affiliates reported late commissions; the company has since paid them.',
        warningDate: new Date(at(10)).toISOString().slice(0, 10),
        placedByUserId: admin?.id ?? null,
        createdAt: at(10),
        liftedAt: at(24),
        liftedByUserId: admin?.id ?? null,
      })
      .returning();
    const event = {
      warningId: warning!.id,
      entityId: warned.id,
      kind: warning!.kind,
      publicText: warning!.publicText,
      warningDate: warning!.warningDate,
      actorUserId: admin?.id ?? null,
    };
    await tx.insert(entityWarningEvents).values([
      { ...event, action: 'placed', createdAt: at(10) },
      {
        ...event,
        action: 'lifted',
        note: 'Paid in full; confirmed by the reporters.',
        createdAt: at(24),
      },
    ]);

    const ids = [...touched];
    const rows = await tx
      .select({ id: entities.id })
      .from(entities)
      .where(inArray(entities.id, ids));
    for (const row of rows) await recomputeEntityReviewStats(tx, row.id);
  },
};
