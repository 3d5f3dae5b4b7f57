import type { Offer } from '@trustlinks/contract/offers';

/** What the caps-and-traffic presenter reads of an offer (the cards' and the page's offers fit). */
export type OfferRulesOf = Partial<
  Pick<Offer, 'daily_cap' | 'monthly_cap' | 'traffic_allowed' | 'traffic_forbidden'>
>;

/** An offer's caps and traffic rules, normalized: null caps, empty lists when it names none. */
export interface OfferRules {
  daily: number | null;
  monthly: number | null;
  allowed: readonly string[];
  forbidden: readonly string[];
  /** Whether the offer states any rule at all. */
  any: boolean;
}

/** docs/decisions/048-agreed-terms.md: the one reading of an offer's caps and traffic rules. */
export function offerRules(offer: OfferRulesOf): OfferRules {
  const daily = offer.daily_cap ?? null;
  const monthly = offer.monthly_cap ?? null;
  const allowed = offer.traffic_allowed ?? [];
  const forbidden = offer.traffic_forbidden ?? [];
  return {
    daily,
    monthly,
    allowed,
    forbidden,
    any: daily !== null || monthly !== null || allowed.length > 0 || forbidden.length > 0,
  };
}
