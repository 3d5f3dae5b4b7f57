import Globe from 'lucide-react/icons/globe';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { OFFER_CARD_GEOS } from '@trustlinks/contract/constants';
import type { Offer } from '@trustlinks/contract/offers';
import { cn } from '../../lib/cn';
import { entityPath, offerPath } from '../../lib/paths';
import { payoutParts } from '../../lib/payout';
import { Badge } from './badge';
import { Card } from './card';

/** What a card needs of an offer (docs/product/data.md Offer); the full API offer fits. */
export type OfferCardOffer = Pick<
  Offer,
  | 'offer_id'
  | 'slug'
  | 'entity_id'
  | 'entity_slug'
  | 'entity_name'
  | 'title'
  | 'category'
  | 'target_geo'
  | 'payout_type'
  | 'payout_value'
>;

const WORLDWIDE = 'Worldwide';

/**
 * docs/product/constants.md "Offer card GEOs": the first two target GEOs, then an ellipsis; no GEO is worldwide.
 * `['US', 'CA', 'GB']` → 'US, CA…'.
 */
export function summarizeGeos(geos: readonly string[] | null | undefined): string {
  if (!geos?.length) return WORLDWIDE;
  const shown = geos.slice(0, OFFER_CARD_GEOS).join(', ');
  return geos.length > OFFER_CARD_GEOS ? `${shown}…` : shown;
}

export interface OfferCardProps {
  offer: OfferCardOffer;
  /** Where the card leads. Default: the offer's page (lib/paths.ts), passing the offer along (docs/product/offers.md#explorer). */
  to?: string;
  /** Navigation state for `to`. Default: `{ offer }`, which the offer page uses instead of loading. */
  state?: unknown;
  /**
   * The entity name as a link to its page passing `{ entityName }` (default), or
   * hidden (an entity's own dashboard, where it says nothing).
   */
  showEntity?: boolean;
  /** Extra badges beside the category (e.g. the offer status on a dashboard). */
  badges?: ReactNode;
  /**
   * Short lines above the payout (the compact caps and traffic rules, docs/decisions/048): passed
   * by the lists that show them, so the landing's cards carry none of their code.
   */
  details?: ReactNode;
  /** Buttons along the bottom (edit, pause …); they stay clickable above the card's link. */
  actions?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** The payout, large, with its type beside it: "$45.50 CPA". */
export function OfferPayout({ offer }: { offer: Pick<Offer, 'payout_type' | 'payout_value'> }) {
  const { amount, model } = payoutParts(offer);
  return (
    <p className="text-xl font-bold tracking-tight">
      {amount}
      {model ? (
        <span className="ml-1.5 text-xs font-medium text-muted-foreground">{model}</span>
      ) : null}
    </p>
  );
}

/**
 * An offer as a card (docs/product/offers.md#explorer): title, entity, category, the first two GEOs, payout and payout
 * type. Presentational only: no data fetching. The whole card is one link (the title's, stretched
 * over the card), so there is a single tab stop; the entity link and `actions` sit above it.
 */
export function OfferCard({
  offer,
  to,
  state,
  showEntity = true,
  badges,
  details,
  actions,
  headingLevel = 3,
  className,
}: OfferCardProps) {
  const Heading = `h${headingLevel}` as const;
  const href = to ?? offerPath(offer.slug);
  const geos = summarizeGeos(offer.target_geo);
  return (
    <Card
      className={cn(
        'relative flex h-full flex-col gap-3 p-5 transition-colors hover:border-brand/50',
        'has-[[data-offer-link]:focus-visible]:ring-2 has-[[data-offer-link]:focus-visible]:ring-ring',
        className,
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        {offer.category ? <Badge variant="brand">{offer.category}</Badge> : null}
        {badges}
      </div>
      <div className="min-w-0">
        <Heading className="line-clamp-2 leading-snug font-semibold break-words">
          <Link
            to={href}
            state={state === undefined ? { offer } : state}
            data-offer-link=""
            className="outline-none after:absolute after:inset-0 after:rounded-xl after:content-['']"
          >
            {offer.title}
          </Link>
        </Heading>
        {showEntity ? (
          <Link
            to={entityPath(offer.entity_slug)}
            state={{ entityName: offer.entity_name }}
            className="relative z-10 mt-1 inline-block max-w-full truncate rounded-sm text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {offer.entity_name}
          </Link>
        ) : null}
      </div>
      {details}
      <div className="mt-auto flex items-end justify-between gap-3 border-t border-border pt-3">
        <div className="min-w-0">
          <p className="text-xs text-muted-foreground">Payout</p>
          <OfferPayout offer={offer} />
        </div>
        <p
          className="inline-flex min-w-0 items-center gap-1 text-sm text-muted-foreground"
          title={offer.target_geo?.length ? offer.target_geo.join(', ') : undefined}
        >
          <Globe aria-hidden="true" className="size-4 shrink-0" />
          <span className="sr-only">GEO: </span>
          <span className="truncate">{geos}</span>
        </p>
      </div>
      {actions ? <div className="relative z-10 flex flex-wrap gap-2">{actions}</div> : null}
    </Card>
  );
}
