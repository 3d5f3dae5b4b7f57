import { dashboardPath } from '@trustlinks/contract/pages';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { bidAmountLabel } from '@trustlinks/contract/offer-requests';
import { offerPath } from '@trustlinks/contract/paths';
import {
  bids,
  entities,
  notifications,
  offerApplications,
  offerChanges,
  offerRequests,
  offers,
  users,
} from '../db/schema';
import { DAY_MS, HOUR_MS } from '../lib/time';
import { payoutText } from '../modules/offers/offers.presenter';
import type { SeedStep } from './run';

const ADV = 'advertiser@demo.trustlinks.test';
const NET = 'network@demo.trustlinks.test';
const APEX = 'partners@apex-gaming.example.com';

/** The demo's edited offer (docs/decisions/030): its payout and GEOs changed, its affiliates were told. */
export const DEMO_EDITED_OFFER = {
  title: 'KetoSlim Pro — Free Trial',
  /** Its payout and GEOs before the edit; today's are the step's `payout` and `geos`. */
  formerPayout: 42,
  formerGeos: ['US'],
  payout: 45,
  geos: ['US', 'CA'],
  dailyCap: 150,
  monthlyCap: 4000,
  trafficAllowed: ['Native', 'Push', 'Search'],
  trafficForbidden: ['Incentivized', 'Email'],
} as const;

/** The demo affiliate's first request, whose bids get answers (docs/decisions/030). */
export const DEMO_ANSWERED_REQUEST = 'Nutra trials for US native traffic';

/**
 * The demo of docs/decisions/030: an edited offer with its change history (offer_changes and the affiliates'
 * notifications), and the counter offers on the demo affiliate's first request answered — the
 * advertiser's accepted with its offer (so the affiliate runs it), Apex's declined with a note,
 * the network's still open with an offer behind it.
 */
export const demoOfferEditsStep: SeedStep = {
  name: 'demo-offer-edits-and-bid-answers',
  async run({ tx }) {
    const now = Date.now();
    const e = DEMO_EDITED_OFFER;
    const [offer] = await tx.select().from(offers).where(eq(offers.title, e.title)).limit(1);
    if (offer) {
      await tx
        .update(offers)
        .set({
          payoutAmount: e.payout,
          targetGeo: [...e.geos],
          dailyCap: e.dailyCap,
          monthlyCap: e.monthlyCap,
          trafficAllowed: [...e.trafficAllowed],
          trafficForbidden: [...e.trafficForbidden],
        })
        .where(eq(offers.id, offer.id));
      const runners = await tx
        .select({ entityId: offerApplications.entityId, userId: users.id })
        .from(offerApplications)
        .innerJoin(users, eq(users.entityId, offerApplications.entityId))
        .where(
          and(eq(offerApplications.offerId, offer.id), eq(offerApplications.status, 'approved')),
        );
      const notified = new Set(runners.map((r) => r.entityId)).size;
      const changes = [
        {
          field: 'payout',
          oldValue: payoutText({ ...offer, payoutAmount: e.formerPayout, payoutPercent: null }),
          newValue: payoutText({ ...offer, payoutAmount: e.payout, payoutPercent: null }),
          ageDays: 1,
        },
        {
          field: 'target_geo',
          oldValue: e.formerGeos.join(', '),
          newValue: e.geos.join(', '),
          ageDays: 1,
        },
      ];
      for (const c of changes) {
        await tx.insert(offerChanges).values({
          offerId: offer.id,
          field: c.field,
          oldValue: c.oldValue,
          newValue: c.newValue,
          changedByUserId: offer.createdByUserId,
          notifiedEntities: notified,
          createdAt: new Date(now - c.ageDays * DAY_MS),
        });
      }
      const lines = changes.map(
        (c) => `${c.field === 'payout' ? 'payout' : 'GEOs'}: ${c.newValue} (was ${c.oldValue})`,
      );
      for (const r of runners) {
        await tx.insert(notifications).values({
          userId: r.userId,
          type: 'offer_changed',
          title: `"${offer.title}" changed: payout, GEOs`,
          body: `The offer "${offer.title}" you run changed. ${lines.join('; ')}.`,
          link: offerPath(offer.slug),
          createdAt: new Date(now - DAY_MS),
        });
      }
    }

    const [request] = await tx
      .select()
      .from(offerRequests)
      .where(eq(offerRequests.title, DEMO_ANSWERED_REQUEST))
      .limit(1);
    if (!request) return;
    const bidders = await tx
      .select({
        id: entities.id,
        email: entities.email,
        type: entities.entityType,
        userId: users.id,
      })
      .from(entities)
      .innerJoin(users, eq(users.entityId, entities.id))
      .where(inArray(entities.email, [ADV, NET, APEX]));
    const byEmail = new Map(bidders.map((b) => [b.email, b]));
    const [requester] = await tx
      .select({ name: entities.name })
      .from(entities)
      .where(eq(entities.id, request.entityId));
    const bidOf = async (email: string) => {
      const bidder = byEmail.get(email);
      if (!bidder) return undefined;
      const [row] = await tx
        .select()
        .from(bids)
        .where(and(eq(bids.offerRequestId, request.id), eq(bids.entityId, bidder.id)))
        .limit(1);
      return row ? { row, bidder } : undefined;
    };
    const activeOfferOf = async (entityId: string, title?: string) => {
      const [row] = await tx
        .select()
        .from(offers)
        .where(
          and(
            eq(offers.entityId, entityId),
            eq(offers.offerStatus, 'active'),
            ...(title ? [eq(offers.title, title)] : []),
          ),
        )
        .limit(1);
      return row;
    };
    const tell = async (
      bidder: { userId: string },
      bid: typeof bids.$inferSelect,
      verdict: 'accepted' | 'declined',
      extra: string,
      link: string,
    ) => {
      await tx.insert(notifications).values({
        userId: bidder.userId,
        type: 'bid_decided',
        title: `Your counter offer on "${request.title}" was ${verdict}`,
        body: `${requester?.name ?? 'The requester'} ${verdict} your counter offer of ${bidAmountLabel(
          Number(bid.bidAmount),
          bid.payoutType,
        )} on "${request.title}".${extra}`,
        link,
        createdAt: new Date(now - 2 * HOUR_MS),
      });
    };

    // The advertiser's bid, accepted with its offer: the affiliate now runs it, tracked.
    const accepted = await bidOf(ADV);
    const acceptedOffer = accepted
      ? await activeOfferOf(accepted.bidder.id, 'SleepWell Gummies — Trial')
      : undefined;
    if (accepted && acceptedOffer) {
      const [open] = await tx
        .select()
        .from(offerApplications)
        .where(
          and(
            eq(offerApplications.offerId, acceptedOffer.id),
            eq(offerApplications.entityId, request.entityId),
            inArray(offerApplications.status, ['pending', 'approved']),
          ),
        )
        .limit(1);
      const decidedAt = new Date(now - 2 * HOUR_MS);
      const application =
        open ??
        (
          await tx
            .insert(offerApplications)
            .values({
              offerId: acceptedOffer.id,
              ownerEntityId: acceptedOffer.entityId,
              entityId: request.entityId,
              userId: request.userId,
              status: 'approved',
              decisionNote: `Counter offer accepted on "${request.title}"`,
              decidedByUserId: accepted.bidder.userId,
              decidedAt,
              trackingCode: randomBytes(18).toString('base64url'),
              createdAt: decidedAt,
              updatedAt: decidedAt,
            })
            .returning()
        )[0]!;
      await tx
        .update(bids)
        .set({
          payoutType: 'CPA',
          offerId: acceptedOffer.id,
          status: 'accepted',
          decisionNote: 'Deal — starting with 5k clicks a day on Taboola.',
          decidedByUserId: request.userId,
          decidedAt,
          applicationId: application.id,
        })
        .where(eq(bids.id, accepted.row.id));
      await tell(
        accepted.bidder,
        accepted.row,
        'accepted',
        ` ${requester?.name ?? 'The requester'} now runs your offer "${acceptedOffer.title}": its application is approved and tracking has started.`,
        offerPath(acceptedOffer.slug),
      );
    }

    // Apex's bid, declined with a note.
    const declined = await bidOf(APEX);
    if (declined) {
      await tx
        .update(bids)
        .set({
          status: 'declined',
          decisionNote: 'Thanks — we only run Nutra on this traffic for now.',
          decidedByUserId: request.userId,
          decidedAt: new Date(now - 3 * HOUR_MS),
        })
        .where(eq(bids.id, declined.row.id));
      await tell(
        declined.bidder,
        declined.row,
        'declined',
        ' Note: "Thanks — we only run Nutra on this traffic for now."',
        dashboardPath(declined.bidder.type),
      );
    }

    // The network's bid stays open: a CPL counter offer with one of its offers behind it.
    const pending = await bidOf(NET);
    const pendingOffer = pending ? await activeOfferOf(pending.bidder.id) : undefined;
    if (pending) {
      await tx
        .update(bids)
        .set({ payoutType: 'CPL', offerId: pendingOffer?.id ?? null })
        .where(eq(bids.id, pending.row.id));
    }
  },
};
