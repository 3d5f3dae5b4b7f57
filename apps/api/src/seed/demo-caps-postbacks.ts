import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { CONVERSION_LIMITS } from '@trustlinks/contract/conversions';
import { POSTBACK_MESSAGES } from '@trustlinks/contract/applications';
import { entities, offerApplications, offers, trackingClicks, trackingDaily } from '../db/schema';
import { recordTrackingClick } from '../modules/applications/applications.repository';
import {
  insertPostbackLog,
  shiftPaidFigures,
  updateConversionStatus,
} from '../modules/applications/conversions.repository';
import { convertWithinCaps } from '../modules/applications/conversions.service';
import { UTC_TODAY } from '../lib/sql';
import type { SeedStep } from './run';

/** The demo has three sub1 values: any limit above that (RESULTS_SUB1_PER_DAY's default). */
const DEMO_SUB1_PER_DAY = 100;
const OFFER = 'KetoSlim Pro — Free Trial';
const AFF = 'affiliate@demo.trustlinks.test';
const SCRUB_REASON = 'Duplicate lead: the same household signed up twice within an hour.';

/**
 * Caps and postback tooling in the demo (docs/decisions/049-caps-and-postback-tooling.md):
 * advertiser@'s KetoSlim offer reaches its daily cap today through affiliate@'s traffic (two
 * conversions paid, the third over the cap, a fallback URL set); one of its earlier conversions is
 * scrubbed (rejected with a reason), one approved and one paid; its postback log holds what those
 * postbacks carried and what we answered, with a wrong secret and a test conversion.
 */
export const demoCapsPostbacksStep: SeedStep = {
  name: '049-demo-caps-and-postbacks',
  async run({ tx }) {
    const [row] = await tx
      .select({ offer: offers, applicationId: offerApplications.id, affiliateId: entities.id })
      .from(offers)
      .innerJoin(offerApplications, eq(offerApplications.offerId, offers.id))
      .innerJoin(entities, eq(entities.id, offerApplications.entityId))
      .where(
        and(
          eq(offers.title, OFFER),
          eq(entities.email, AFF),
          eq(offerApplications.status, 'approved'),
        ),
      )
      .limit(1);
    if (!row) return;
    const { offer, applicationId, affiliateId } = row;

    // Three conversions today: the cap is set two above today's count, so the third is over it.
    const [today] = await tx
      .select({ n: sql<number>`coalesce(sum(${trackingDaily.conversions}), 0)::int` })
      .from(trackingDaily)
      .where(and(eq(trackingDaily.offerId, offer.id), sql`${trackingDaily.day} = ${UTC_TODAY}`));
    const dailyCap = (today?.n ?? 0) + 2;
    await tx
      .update(offers)
      .set({
        dailyCap,
        monthlyCap:
          offer.monthlyCap !== null && offer.monthlyCap < dailyCap ? null : offer.monthlyCap,
        fallbackUrl: 'https://ketoslim.example.com/waitlist',
      })
      .where(eq(offers.id, offer.id));

    const log = (entry: {
      carried: Record<string, string | number | null>;
      statusCode: number;
      message: string;
      test?: boolean;
    }) =>
      insertPostbackLog(
        tx,
        { offerId: offer.id, test: entry.test ?? false, ...entry },
        CONVERSION_LIMITS.postbackLog,
      );

    const payout = offer.payoutAmount ?? 25;
    const sub1s = ['facebook', 'google-search', 'facebook'];
    for (const [i, sub1] of sub1s.entries()) {
      const click = await recordTrackingClick(
        tx,
        {
          applicationId,
          offerId: offer.id,
          affiliateEntityId: affiliateId,
          visitorKey: createHash('sha256').update(`demo-cap-${i}`).digest('hex'),
          sub1,
          sub2: null,
        },
        DEMO_SUB1_PER_DAY,
      );
      const outcome = await convertWithinCaps(
        tx,
        {
          clickId: click.clickId,
          offerId: offer.id,
          applicationId,
          affiliateEntityId: affiliateId,
          sub1,
        },
        payout,
        DEMO_SUB1_PER_DAY,
      );
      if (i === 1) {
        await log({
          carried: { click_id: click.clickId, payout: null },
          statusCode: 403,
          message: POSTBACK_MESSAGES.wrongSecret,
        });
      }
      await log({
        carried: { click_id: click.clickId, payout: null },
        statusCode: 200,
        message: outcome === 'overCap' ? POSTBACK_MESSAGES.overCap : POSTBACK_MESSAGES.recorded,
      });
    }
    await log({
      carried: { click_id: null, payout: 45, test: 1 },
      statusCode: 200,
      message: POSTBACK_MESSAGES.test,
      test: true,
    });

    // Earlier conversions of affiliate@: the newest scrubbed, the next approved, the one before paid.
    const earlier = await tx
      .select({ id: trackingClicks.id, payout: trackingClicks.payout })
      .from(trackingClicks)
      .where(
        and(
          eq(trackingClicks.applicationId, applicationId),
          sql`${trackingClicks.convertedAt} < (${UTC_TODAY})::timestamp AT TIME ZONE 'UTC'`,
          eq(trackingClicks.overCap, false),
        ),
      )
      .orderBy(sql`${trackingClicks.convertedAt} DESC`)
      .limit(3);
    const [scrubbed, approved, paid] = earlier;
    if (scrubbed) {
      await shiftPaidFigures(
        tx,
        {
          clickId: scrubbed.id,
          offerId: offer.id,
          applicationId,
          payout: scrubbed.payout === null ? null : Number(scrubbed.payout),
        },
        -1,
      );
      await updateConversionStatus(tx, scrubbed.id, 'rejected', SCRUB_REASON);
    }
    if (approved) await updateConversionStatus(tx, approved.id, 'approved', null);
    if (paid) await updateConversionStatus(tx, paid.id, 'paid', null);
  },
};
