import { and, eq } from 'drizzle-orm';
import { entities, offerApplications, offers } from '../db/schema';
import type { SeedStep } from './run';

const ADV = 'advertiser@demo.trustlinks.test';
const AFF = 'affiliate@demo.trustlinks.test';

/**
 * The demo of docs/decisions/048-agreed-terms.md: affiliate@ runs advertiser@'s KetoSlim offer at
 * a payout negotiated for it ($48.50 CPA, the advertiser's per-partner override) instead of the
 * offer's own $45: both see it as "Your terms", and its conversions without a payout pay it.
 */
export const DEMO_AGREED_TERMS = {
  offer: 'KetoSlim Pro — Free Trial',
  payoutType: 'CPA',
  payoutAmount: 48.5,
} as const;

export const demoAgreedTermsStep: SeedStep = {
  name: 'demo-agreed-terms',
  async run({ tx }) {
    const t = DEMO_AGREED_TERMS;
    const [owner] = await tx.select().from(entities).where(eq(entities.email, ADV)).limit(1);
    const [partner] = await tx.select().from(entities).where(eq(entities.email, AFF)).limit(1);
    if (!owner || !partner) return;
    const [offer] = await tx
      .select({ id: offers.id })
      .from(offers)
      .where(and(eq(offers.entityId, owner.id), eq(offers.title, t.offer)))
      .limit(1);
    if (!offer) return;
    await tx
      .update(offerApplications)
      .set({ payoutType: t.payoutType, payoutAmount: t.payoutAmount, termsSource: 'override' })
      .where(
        and(
          eq(offerApplications.offerId, offer.id),
          eq(offerApplications.entityId, partner.id),
          eq(offerApplications.status, 'approved'),
        ),
      );
  },
};
