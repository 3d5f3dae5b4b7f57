import type { ReactNode } from 'react';
import ExternalLink from 'lucide-react/icons/external-link';
import { Link } from 'react-router';
import type { Offer } from '@trustlinks/contract/offers';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { PublicWarningBanner } from '../../../components/ui/public-warning-banner';
import { formatDate } from '../../../lib/format-date';
import { entityPath } from '../../../lib/paths';
import { formatPayout, payoutParts } from '../../../lib/payout';
import { safeHttpUrl } from '../../../lib/safe-url';
import { displayUrl, STATUS_BADGE } from '../offer-display';
import { OFFER_DETAIL_TEXT as T, OFFER_STATUS_LABELS } from '../offers-texts';
import { usePublicEntity } from '../../../lib/api/entities';
import { OfferBreadcrumb } from './offer-breadcrumb';
import { OfferEntityCard } from './offer-entity-card';
import { RunOfferButton } from './run-offer-button';
import { PartnerTerms } from './partner-terms';
import { OfferRulesView } from '../../../components/deals/offer-rules-view';
import { DEAL_TEXT } from '../../../components/deals/deal-texts';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-border pt-5 first:border-t-0 first:pt-0">
      <h2 className="text-base font-semibold">{title}</h2>
      <div className="mt-2 text-sm leading-relaxed">{children}</div>
    </section>
  );
}

/** The offer page's content once the offer is known (docs/product/offers.md#offer-page). */
export function OfferDetailView({ offer }: { offer: Offer }) {
  const landing = safeHttpUrl(offer.landing_page_url);
  const description = offer.description?.trim();
  const requirements = offer.requirements?.trim();
  // The owning entity's public warnings (docs/decisions/012); the same cached read as the side card.
  const entity = usePublicEntity(offer.entity_id);
  const payout = payoutParts(offer);

  return (
    <>
      <OfferBreadcrumb
        entity={{ slug: offer.entity_slug, name: offer.entity_name }}
        current={offer.title}
      />
      <PublicWarningBanner warnings={entity.data?.entity.public_warnings} className="mb-5" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <Card className="p-5 sm:p-6">
            <div className="flex flex-wrap items-center gap-2">
              {offer.category ? <Badge variant="brand">{offer.category}</Badge> : null}
              {/* The real status where the spec always shows 'Active' (owners see paused ones). */}
              <Badge variant={STATUS_BADGE[offer.offer_status]}>
                {OFFER_STATUS_LABELS[offer.offer_status]}
              </Badge>
            </div>
            <h1 className="mt-3 text-2xl font-semibold tracking-tight break-words sm:text-3xl">
              {offer.title}
            </h1>
            <p className="mt-1 text-sm text-muted-foreground">
              {T.by}{' '}
              <Link
                to={entityPath(offer.entity_slug)}
                state={{ entityName: offer.entity_name }}
                className="font-medium text-foreground underline-offset-4 hover:underline"
              >
                {offer.entity_name}
              </Link>
            </p>
            <div className="mt-5 flex flex-col gap-4 rounded-xl bg-muted/60 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <p className="text-xs font-medium text-muted-foreground">{T.payout}</p>
                <p className="text-2xl font-bold tracking-tight sm:text-3xl">
                  {payout.amount}
                  {payout.model ? (
                    <span className="ml-2 text-sm font-medium text-muted-foreground">
                      {payout.model}
                    </span>
                  ) : null}
                </p>
              </div>
              <RunOfferButton offer={offer} />
            </div>
          </Card>

          <Card className="p-5 sm:p-6">
            <h2 className="text-base font-semibold">{T.details}</h2>
            <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3">
              <Detail label={T.payout}>{formatPayout(offer)}</Detail>
              <Detail label={T.payoutType}>{offer.payout_type}</Detail>
              <Detail label={T.category}>{offer.category}</Detail>
              <Detail label={T.created}>{formatDate(offer.created_at, '—')}</Detail>
              <Detail label={T.updated}>{formatDate(offer.updated_at, '—')}</Detail>
              {offer.expires_at ? (
                <Detail label={T.expires}>{formatDate(offer.expires_at, '—')}</Detail>
              ) : null}
              <div className="col-span-full flex flex-col gap-1.5">
                <dt className="text-xs font-medium text-muted-foreground">{T.geo}</dt>
                <dd className="flex flex-wrap gap-1.5">
                  {offer.target_geo.length ? (
                    offer.target_geo.map((code) => (
                      <Badge key={code} variant="outline">
                        {code}
                      </Badge>
                    ))
                  ) : (
                    <span className="text-sm font-medium">{T.worldwide}</span>
                  )}
                </dd>
              </div>
            </dl>
          </Card>

          <PartnerTerms offer={offer} />

          <Card className="p-5 sm:p-6">
            <h2 className="mb-4 text-base font-semibold">{DEAL_TEXT.rulesHeading}</h2>
            <OfferRulesView offer={offer} />
          </Card>

          <Card className="flex flex-col gap-5 p-5 sm:p-6">
            <Section title={T.description}>
              {description ? (
                <p className="whitespace-pre-line break-words">{description}</p>
              ) : (
                <p className="text-muted-foreground">{T.noDescription}</p>
              )}
            </Section>
            <Section title={T.requirements}>
              {requirements ? (
                <p className="whitespace-pre-line break-words">{requirements}</p>
              ) : (
                <p className="text-muted-foreground">{T.noRequirements}</p>
              )}
            </Section>
            <Section title={T.landingPage}>
              {landing ? (
                <a
                  href={landing}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex max-w-full items-center gap-1.5 font-medium text-brand underline-offset-4 hover:underline"
                >
                  <span className="truncate">{displayUrl(landing)}</span>
                  <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
                  <span className="sr-only">{T.opensInNewTab}</span>
                </a>
              ) : (
                <p className="break-words text-muted-foreground">{offer.landing_page_url || '—'}</p>
              )}
            </Section>
          </Card>
        </div>

        <aside className="lg:sticky lg:top-20">
          <OfferEntityCard offer={offer} />
        </aside>
      </div>
    </>
  );
}
