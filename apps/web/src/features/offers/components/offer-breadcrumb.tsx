import type { ReactNode } from 'react';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { Link } from 'react-router';
import { OFFER_DETAIL_TEXT as T } from '../offers-texts';

interface OfferBreadcrumbProps {
  entity?: { id: string; name: string } | null;
  current: ReactNode;
}

const linkClass = 'truncate rounded-sm underline-offset-4 hover:text-foreground hover:underline';

/** Home / entity name (links to /entity/{entityId}) / offer title (docs/product/offers.md#offer-page). */
export function OfferBreadcrumb({ entity, current }: OfferBreadcrumbProps) {
  return (
    <nav aria-label={T.breadcrumb} className="mb-5 text-sm">
      <ol className="flex min-w-0 items-center gap-1.5 text-muted-foreground">
        <li className="shrink-0">
          <Link to="/" className={linkClass}>
            {T.home}
          </Link>
        </li>
        {entity ? (
          <>
            <li aria-hidden="true" className="shrink-0">
              <ChevronRight className="size-4" />
            </li>
            <li className="min-w-0 max-w-[40%] truncate">
              <Link
                to={`/entity/${encodeURIComponent(entity.id)}`}
                state={{ entityName: entity.name }}
                className={linkClass}
              >
                {entity.name}
              </Link>
            </li>
          </>
        ) : null}
        <li aria-hidden="true" className="shrink-0">
          <ChevronRight className="size-4" />
        </li>
        <li aria-current="page" className="min-w-0 truncate font-medium text-foreground">
          {current}
        </li>
      </ol>
    </nav>
  );
}
