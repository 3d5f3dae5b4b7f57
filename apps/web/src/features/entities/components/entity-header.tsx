import { useState } from 'react';
import type { PublicEntity } from '@trustlinks/contract/entities';
import { Link } from 'react-router';
import { comparePath } from '@trustlinks/contract/category-paths';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { JoinEntityButton } from '../../../components/join-entity/join-entity-button';
import { Card } from '../../../components/ui/card';
import { StarRating } from '../../../components/ui/star-rating';
import { initialOf, ratingText, safeImageUrl } from '../entity-display';
import { ENTITY_DETAIL_TEXT as T, ENTITY_TYPE_LABELS } from '../entities-texts';

/** Logo (https image) or the name's initial. */
export function EntityAvatar({ entity }: { entity: Pick<PublicEntity, 'name' | 'image_url'> }) {
  const image = safeImageUrl(entity.image_url);
  const [failed, setFailed] = useState(false);
  return (
    <span className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-brand text-2xl font-semibold text-brand-foreground sm:size-20 sm:text-3xl">
      {image && !failed ? (
        <img
          src={image}
          alt=""
          className="size-full bg-card object-contain"
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
        />
      ) : (
        <span aria-hidden="true">{initialOf(entity.name)}</span>
      )}
    </span>
  );
}

/** Name, rating, type, offer count and 'Join Network' (docs/product/entities.md#entity-page; docs/decisions/026: it acts). */
export function EntityHeader({ entity }: { entity: PublicEntity }) {
  const rating = ratingText(entity);
  return (
    <Card className="flex flex-col gap-5 p-5 sm:flex-row sm:items-center sm:p-6">
      <EntityAvatar entity={entity} />
      <div className="min-w-0 flex-1">
        <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">
          {entity.name}
        </h1>
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <StarRating value={entity.reputation_score} />
            <span>{rating ?? T.notAvailable}</span>
          </span>
          <Badge variant="brand">{ENTITY_TYPE_LABELS[entity.entity_type]}</Badge>
          <span>{T.offersCount(entity.offer_count)}</span>
        </div>
      </div>
      <div className="flex w-full flex-col gap-2 sm:w-auto">
        <JoinEntityButton entity={entity} className="w-full sm:w-auto" />
        {/* Side by side with others of its kind (docs/decisions/055). */}
        <Link
          to={comparePath([entity.slug])}
          className={buttonClasses({ variant: 'outline', className: 'w-full sm:w-auto' })}
        >
          {T.compare}
        </Link>
      </div>
    </Card>
  );
}
