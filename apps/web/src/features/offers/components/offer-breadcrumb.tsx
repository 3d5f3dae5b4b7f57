import type { ReactNode } from 'react';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { entityPath } from '../../../lib/paths';
import { OFFER_DETAIL_TEXT as T } from '../offers-texts';

interface OfferBreadcrumbProps {
  entity?: { slug: string; name: string } | null;
  current: ReactNode;
}

/** Home / entity name (links to its page) / offer title (docs/product/offers.md#offer-page). */
export function OfferBreadcrumb({ entity, current }: OfferBreadcrumbProps) {
  return (
    <Breadcrumb
      texts={{ label: T.breadcrumb, home: T.home }}
      trail={
        entity
          ? [
              {
                to: entityPath(entity.slug),
                label: entity.name,
                state: { entityName: entity.name },
              },
            ]
          : []
      }
      current={current}
    />
  );
}
