import type { PublicEntity } from '@trustlinks/contract/entities';
import { Card } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format-date';
import { ENTITY_DETAIL_TEXT as T, ENTITY_TYPE_LABELS } from '../entities-texts';

/** The 'About' block below the tabs (docs/product/entities.md#entity-page): adds the country. */
export function EntityAbout({ entity }: { entity: PublicEntity }) {
  const rows = [
    { label: T.country, value: entity.country?.trim() || T.notSpecified },
    { label: T.entityType, value: ENTITY_TYPE_LABELS[entity.entity_type] },
    { label: T.memberSince, value: formatDate(entity.created_at, T.notAvailable) },
  ];
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold">{T.about}</h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        {rows.map((row) => (
          <div key={row.label}>
            <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
              {row.label}
            </dt>
            <dd className="mt-1 text-sm font-medium">{row.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
