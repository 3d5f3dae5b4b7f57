import {
  LANDING_LIMITS,
  type LandingFigures,
  type LandingResponse,
} from '@trustlinks/contract/landing';
import { offerRequestsQuerySchema } from '@trustlinks/contract/offer-requests';
import type { COMPANY_TYPES } from '@trustlinks/contract/constants';
import type { Deps } from '../../lib/deps';
import { toTrustedOffer } from '../offers/offers.presenter';
import { listRequests } from '../offer-requests/offer-requests.service';
import { listRecentReviews } from '../reviews/reviews.service';
import { countFigures, teaserCompanies, topOffers } from './landing.repository';

/**
 * The counted figures, kept per instance for LANDING_FIGURES_MS (counting reads many index
 * entries; a figure a minute old is still true enough for "320+"). Requests that miss together
 * share one count.
 */
let figuresMemo: { at: number; value: Promise<LandingFigures>; db: unknown } | undefined;

function figures(deps: Deps, now = Date.now()): Promise<LandingFigures> {
  const ttl = deps.config.LANDING_FIGURES_MS;
  if (figuresMemo && figuresMemo.db === deps.db && now - figuresMemo.at < ttl)
    return figuresMemo.value;
  const value = countFigures(deps.db);
  figuresMemo = { at: now, value, db: deps.db };
  value.catch(() => {
    if (figuresMemo?.value === value) figuresMemo = undefined;
  });
  return value;
}

/** GET /api/landing: the landing page's figures and cards, all from the database. */
export async function getLanding(deps: Deps): Promise<LandingResponse> {
  const [counted, offers, recent, requests, companies] = await Promise.all([
    figures(deps),
    topOffers(deps.db, LANDING_LIMITS.topOffers),
    listRecentReviews(deps, null, 1, LANDING_LIMITS.reviews),
    listRequests(deps, offerRequestsQuerySchema.parse({ limit: LANDING_LIMITS.offerRequests })),
    teaserCompanies(deps.db),
  ]);
  return {
    figures: counted,
    top_offers: offers.map((row) => toTrustedOffer(row)),
    reviews: recent.reviews,
    offer_requests: requests.requests,
    companies: companies.map((c) => ({
      affliate_id: c.id,
      company_name: c.companyName,
      entity_type: c.entityType as (typeof COMPANY_TYPES)[number],
      website: c.website,
    })),
  };
}
