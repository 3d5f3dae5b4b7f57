import type {
  AgreedTerms,
  Application,
  ApplicationStatus,
  TermsSource,
} from '@trustlinks/contract/applications';
import type { PayoutType } from '@trustlinks/contract/constants';
import type { EntityType } from '@trustlinks/contract/constants';
import { toTrustContext } from '../entities/trust-context.presenter';
import type { ApplicationView } from './applications.repository';

/** The path of a tracking link (served by tracking.routes.ts, outside /api). */
const trackingPath = (code: string) => `/go/${code}`;

/**
 * The payout an application pays (docs/decisions/048-agreed-terms.md): the one agreed with the
 * partner, else the offer's own (RevShare: its percentage as a number).
 */
export function toTerms({
  application: a,
  offer,
}: Pick<ApplicationView, 'application' | 'offer'>): AgreedTerms {
  if (a.payoutType !== null) {
    return {
      payout_type: a.payoutType as PayoutType,
      payout_value: a.payoutAmount === null ? null : Number(a.payoutAmount),
      source: a.termsSource as TermsSource,
    };
  }
  const percent = offer.payoutPercent === null ? NaN : Number.parseFloat(offer.payoutPercent);
  return {
    payout_type: offer.payoutType as PayoutType,
    payout_value:
      offer.payoutAmount !== null
        ? Number(offer.payoutAmount)
        : Number.isFinite(percent)
          ? percent
          : null,
    source: 'offer',
  };
}

/**
 * An application for one viewer. The tracking link is the applicant's (and admins'): the owner
 * sees the applicant's counts but has no use for its link.
 */
export function toApplication(
  { application: a, offer, owner, applicant, applicantTrust }: ApplicationView,
  options: { appUrl: string; withTrackingUrl: boolean },
): Application {
  return {
    application_id: a.id,
    offer_id: a.offerId,
    offer_slug: offer.slug,
    offer_title: offer.title,
    offer_entity_id: a.ownerEntityId,
    offer_entity_slug: owner.slug,
    offer_entity_name: owner.name,
    applicant_entity_id: a.entityId,
    applicant_entity_slug: applicant.slug,
    applicant_name: applicant.name,
    applicant_type: applicant.entityType as EntityType,
    applicant_trust: toTrustContext(applicantTrust),
    message: a.message,
    traffic_sources: a.trafficSources,
    status: a.status as ApplicationStatus,
    decision_note: a.decisionNote,
    decided_at: a.decidedAt ? a.decidedAt.toISOString() : null,
    created_at: a.createdAt.toISOString(),
    // A revoked application keeps its code (its link answers 410) but shows no link.
    tracking_url:
      options.withTrackingUrl && a.status === 'approved' && a.trackingCode
        ? `${options.appUrl}${trackingPath(a.trackingCode)}`
        : null,
    click_count: a.clickCount,
    conversion_count: a.conversionCount,
    payout_total: Number(a.payoutTotal),
    terms: toTerms({ application: a, offer }),
  };
}
