import Building2 from 'lucide-react/icons/building-2';
import Calendar from 'lucide-react/icons/calendar';
import Star from 'lucide-react/icons/star';
import Users from 'lucide-react/icons/users';
import { Badge } from '../../../components/ui/badge';
import { DATABASE } from '../landing-content';
import { CardAction, CardGridSection } from './section-heading';

export function DatabaseSection() {
  const { labels } = DATABASE;
  return (
    <CardGridSection
      id="industry-database"
      className="bg-muted/50 py-16 sm:py-20"
      content={DATABASE}
      gridClassName="md:grid-cols-3"
      items={DATABASE.companies}
      itemKey={(company) => company.name}
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
              <h3 className="truncate font-semibold">{company.name}</h3>
              <Badge variant={company.type === 'Network' ? 'brand' : 'neutral'} className="mt-1">
                {company.type}
              </Badge>
            </div>
          </div>

          <dl className="mt-5 grid grid-cols-3 gap-2 rounded-lg bg-muted/60 p-3 text-center">
            <div>
              <dt className="flex items-center justify-center gap-1 text-xs text-muted-foreground">
                <Users aria-hidden="true" className="size-3.5" />
                {labels.members}
              </dt>
              <dd className="mt-1 text-sm font-semibold">{company.members}</dd>
            </div>
            <div>
              <dt className="flex items-center justify-center gap-1 text-xs text-muted-foreground">
                <Star aria-hidden="true" className="size-3.5" />
                {labels.rating}
              </dt>
              <dd className="mt-1 text-sm font-semibold">{company.rating} / 5</dd>
            </div>
            <div>
              <dt className="flex items-center justify-center gap-1 text-xs text-muted-foreground">
                <Calendar aria-hidden="true" className="size-3.5" />
                {labels.founded}
              </dt>
              <dd className="mt-1 text-sm font-semibold">{company.founded}</dd>
            </div>
          </dl>

          <div className="mt-4">
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
              {labels.specialties}
            </p>
            <ul className="mt-2 flex flex-wrap gap-1.5">
              {company.specialties.map((specialty) => (
                <li key={specialty}>
                  <Badge variant="outline">{specialty}</Badge>
                </li>
              ))}
            </ul>
          </div>

          <CardAction link={DATABASE.requestAccess} name={company.name} variant="outline" />
        </>
      )}
    </CardGridSection>
  );
}
