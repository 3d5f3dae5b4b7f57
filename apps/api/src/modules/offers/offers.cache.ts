import type { Offer } from '@trustlinks/contract/offers';
import { entityTag, offerTag } from '../../lib/read-cache';
import { prefixableWords } from './explorer/offer-search';

/**
 * What an offer write changes in the read cache: the one place the offers module says it
 * (docs/decisions/029-long-lived-read-cache.md). A new offer write route calls
 * `changesReadCache(req, offerWriteScopes(before, after))` in its handler, `before` null for a
 * new offer and `after` null for a deleted one.
 */

/**
 * The fields the explorer's and the landing's cards show or that its filters and sorts read
 * (contract explorerOfferSchema, which a test holds to this list; top-offers-section.tsx;
 * explorer/offer-search.ts). A change of one of them, of the status or of the expiry (what is listed at
 * all) empties every offer list and search; any other (the description, requirements, landing
 * page), which no list holds (decision 043), only the offer's own page and its entity's.
 */
export const LISTED_OFFER_FIELDS = [
  'title',
  'slug',
  'category',
  'target_geo',
  'payout_type',
  'payout_value',
  'daily_cap',
  'monthly_cap',
  'traffic_allowed',
  'traffic_forbidden',
  'offer_status',
  'expires_at',
  'entity_id',
] as const satisfies readonly (keyof Offer)[];

/**
 * The fields whose words the word search reads (the offer's search document, decision 028). A
 * new offer, or a change of one of them that brings a word the offer did not hold, may bring the
 * lexicon a lexeme the explorer's kept prefixes lack (scope `lexicon`, decision 036, Note
 * 2026-11-30), even where no list changes (a description). A change of numbers only (a
 * "revision 2") brings none a prefix reaches.
 */
const SEARCHED_OFFER_FIELDS = ['title', 'category', 'description'] as const;

type OfferSide = Pick<
  Offer,
  'offer_id' | (typeof LISTED_OFFER_FIELDS)[number] | (typeof SEARCHED_OFFER_FIELDS)[number]
>;

/** The read-cache scopes an offer write changes (ReadCache.clear). */
export function offerWriteScopes(before: OfferSide | null, after: OfferSide | null): string[] {
  const offer = after ?? before;
  if (!offer) return [];
  const scopes = [offerTag(offer.offer_id), entityTag(offer.entity_id)];
  if (before && before.entity_id !== offer.entity_id) scopes.push(entityTag(before.entity_id));
  if (
    !before ||
    !after ||
    LISTED_OFFER_FIELDS.some((field) => !same(before[field], after[field]))
  ) {
    scopes.push('offers', 'landing');
  }
  if (!before || !after || bringsWords(before, after)) scopes.push('lexicon');
  return scopes;
}

function bringsWords(before: OfferSide, after: OfferSide): boolean {
  const words = (offer: OfferSide) =>
    prefixableWords(SEARCHED_OFFER_FIELDS.map((field) => offer[field] ?? '').join(' '));
  const held = words(before);
  return [...words(after)].some((word) => !held.has(word));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
