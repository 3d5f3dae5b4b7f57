import { z } from 'zod';
import { COMPANY_TYPES } from './constants';
import { trustedOfferSchema } from './offers';
import { offerRequestSchema } from './offer-requests';
import { reviewSchema } from './reviews';

/**
 * GET /api/landing (docs/decisions/026-public-pages-and-data-rights.md): what the
 * landing page shows, all of it counted or read from the database, none of it made up.
 */

/** How many items each landing section shows. */
export const LANDING_LIMITS = {
  topOffers: 4,
  reviews: 3,
  offerRequests: 3,
  companies: 3,
  /** Every figure stops counting here (a capped count, docs/decisions/006-capped-totals.md). */
  countCap: 1_000_000,
} as const;

/** Counted figures; each at most LANDING_LIMITS.countCap. */
export const landingFiguresSchema = z.object({
  /** Approved companies (advertisers, affiliates and networks) on TrustLinks. */
  approved_companies: z.number().int().nonnegative(),
  /** Companies listed in the Affiliate Industry Database. */
  database_companies: z.number().int().nonnegative(),
  /** Published (approved) reviews. */
  published_reviews: z.number().int().nonnegative(),
  /** Active offers that the public can see. */
  active_offers: z.number().int().nonnegative(),
  /** Approved applications: affiliates connected to an offer. */
  connections: z.number().int().nonnegative(),
  /** Distinct countries the active offers target. */
  countries: z.number().int().nonnegative(),
});
export type LandingFigures = z.infer<typeof landingFiguresSchema>;

/** A company of the database teaser: only what the database holds. */
export const landingCompanySchema = z.object({
  affliate_id: z.string(),
  company_name: z.string(),
  entity_type: z.enum(COMPANY_TYPES),
  website: z.string().nullable(),
});
export type LandingCompany = z.infer<typeof landingCompanySchema>;

export const landingResponseSchema = z.object({
  figures: landingFiguresSchema,
  /**
   * The most clicked active offers of approved companies, each with its owner's trust context;
   * those of companies under a public warning after all others (docs/decisions/051-trust-context.md).
   */
  top_offers: z.array(trustedOfferSchema),
  /** The newest published reviews, as the entity page shows them. */
  reviews: z.array(reviewSchema),
  /** The newest open offer requests. */
  offer_requests: z.array(offerRequestSchema),
  /** One company of each type from the database. */
  companies: z.array(landingCompanySchema),
});
export type LandingResponse = z.infer<typeof landingResponseSchema>;

export { roundFigure } from './round-figure';
