import ExternalLink from 'lucide-react/icons/external-link';
import type { ReactNode } from 'react';
import type { PublicEntity } from '@trustlinks/contract/entities';
import { Badge } from '../../../components/ui/badge';
import { StarRating } from '../../../components/ui/star-rating';
import { safeHttpUrl } from '../../../lib/safe-url';
import { entityStanding, ratingText } from '../entity-display';
import { ENTITY_DETAIL_TEXT as T, ENTITY_TYPE_LABELS } from '../entities-texts';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

/** Type, website, reputation, verification and description (docs/product/entities.md#entity-page Overview). */
export function EntityOverviewTab({ entity }: { entity: PublicEntity }) {
  const website = safeHttpUrl(entity.website);
  const rating = ratingText(entity);
  // Under an active warning no green 'Verified' badge either (docs/decisions/027; the stat tile's rule).
  const standing = entityStanding(entity);
  return (
    <dl className="divide-y divide-border">
      <Row label={T.type}>{ENTITY_TYPE_LABELS[entity.entity_type]}</Row>
      <Row label={T.website}>
        {website ? (
          <a
            href={website}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-brand underline-offset-4 hover:underline"
          >
            {entity.website}
            <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
        ) : (
          (entity.website ?? T.notProvided)
        )}
      </Row>
      <Row label={T.reputation}>
        {rating ? (
          <span className="inline-flex items-center gap-2">
            <StarRating value={entity.reputation_score} />
            <span>{rating} / 5</span>
          </span>
        ) : (
          <span className="text-muted-foreground">{T.noRatings}</span>
        )}
      </Row>
      <Row label={T.verification}>
        <Badge variant={standing === 'verified' ? 'success' : 'warning'}>
          {
            {
              warned: T.underWarning,
              verified: T.verifiedBadge,
              pending: T.pendingVerification,
            }[standing]
          }
        </Badge>
      </Row>
      <Row label={T.description}>
        {entity.description ? (
          <p className="whitespace-pre-line">{entity.description}</p>
        ) : (
          <span className="text-muted-foreground">{T.noDescription}</span>
        )}
      </Row>
    </dl>
  );
}
