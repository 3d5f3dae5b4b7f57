import Building2 from 'lucide-react/icons/building-2';
import Globe from 'lucide-react/icons/globe';
import { roundFigure } from '@trustlinks/contract/round-figure';
import { Badge } from '../../../components/ui/badge';
import { safeHttpUrl } from '../../../lib/safe-url';
import { useLanding } from '../api/get-landing';
import { DATABASE } from '../landing-content';
import { CardAction, CardGridSection, DetailRow } from './section-heading';

function hostOf(url: string | null): string | null {
  const safe = safeHttpUrl(url);
  return safe ? new URL(safe).host.replace(/^www\./, '') : null;
}

/** A teaser of the Affiliate Industry Database: one real company of each type. */
export function DatabaseSection() {
  const { data } = useLanding();
  const count = data?.figures.database_companies;
  const content = {
    ...DATABASE,
    subtitle: count ? DATABASE.subtitle(roundFigure(count)) : DATABASE.subtitleEmpty,
  };
  return (
    <CardGridSection
      id="industry-database"
      className="bg-muted/50 py-16 sm:py-20"
      content={content}
      gridClassName="md:grid-cols-3"
      items={data?.companies}
      loadingCount={3}
      empty={DATABASE.empty}
      itemKey={(company) => company.affliate_id}
    >
      {(company) => (
        <>
          <div className="flex items-start gap-3">
            <span
              aria-hidden="true"
              className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand-soft-foreground"
            >
              <Building2 className="size-5" />
            </span>
            <div className="min-w-0">
              <h3 className="truncate font-semibold">{company.company_name}</h3>
              <Badge
                variant={company.entity_type === 'Network' ? 'brand' : 'neutral'}
                className="mt-1"
              >
                {company.entity_type}
              </Badge>
            </div>
          </div>
          <dl className="mt-5 rounded-lg bg-muted/60 p-3">
            <DetailRow
              icon={<Globe aria-hidden="true" />}
              label={DATABASE.labels.website}
              value={hostOf(company.website) ?? DATABASE.noWebsite}
            />
          </dl>
          <CardAction link={DATABASE.requestAccess} name={company.company_name} variant="outline" />
        </>
      )}
    </CardGridSection>
  );
}
