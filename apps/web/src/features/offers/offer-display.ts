import type { Offer, OfferStatus } from '@trustlinks/contract/offers';
import type { BadgeVariant } from '../../components/ui/badge';

/** 'offers.example.com/keto' for showing a landing page without its scheme. */
export function displayUrl(value: string): string {
  return value.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

export const STATUS_BADGE: Record<OfferStatus, BadgeVariant> = {
  active: 'success',
  paused: 'warning',
  closed: 'neutral',
  private: 'brand',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isString = (value: unknown) => typeof value === 'string';

/**
 * The offer another page passed along in navigation state (`{ offer }`, docs/product/offers.md#explorer, docs/product/offers.md#offer-page), if it
 * is one and it is the offer of this URL. History state survives reloads and may come from an
 * older version of the app, so its shape is checked before it is trusted.
 */
export function offerFromNavigationState(state: unknown, address: string): Offer | null {
  if (!isRecord(state) || !isRecord(state.offer)) return null;
  const offer = state.offer;
  const ok =
    // The page's address names the offer by its slug (or, before the redirect, its id).
    (offer.slug === address || offer.offer_id === address) &&
    ['slug', 'entity_id', 'entity_slug', 'entity_name', 'entity_type', 'title', 'category'].every(
      (k) => isString(offer[k]),
    ) &&
    isString(offer.payout_type) &&
    ['offer_status', 'created_at', 'updated_at', 'landing_page_url'].every((k) =>
      isString(offer[k]),
    ) &&
    Array.isArray(offer.target_geo) &&
    offer.target_geo.every(isString) &&
    (offer.description === null || isString(offer.description)) &&
    (offer.requirements === null ||
      offer.requirements === undefined ||
      isString(offer.requirements)) &&
    (offer.payout_value === null ||
      typeof offer.payout_value === 'number' ||
      isString(offer.payout_value));
  return ok ? (offer as unknown as Offer) : null;
}

/**
 * Whether the offer runs now: active (or private: it runs for its partners, docs/decisions/048)
 * and not past its expiry date.
 */
export function isRunning(offer: Pick<Offer, 'offer_status' | 'expires_at'>, now = Date.now()) {
  if (offer.offer_status !== 'active' && offer.offer_status !== 'private') return false;
  if (!offer.expires_at) return true;
  const expires = new Date(offer.expires_at).getTime();
  return Number.isNaN(expires) || expires > now;
}
