import { useCompanyTeaser } from '../api/get-company-teaser';
import { TEASER } from '../companies-content';
import { CompanyTable } from './company-table';

/**
 * What a visitor may see of the database (docs/decisions/053-phone-first-and-database-teaser.md):
 * the first companies' names, websites and types, no action and no contact; nothing while it
 * loads or when it could not be read (the restricted card above still says what to do).
 */
export function CompanyTeaserList() {
  const teaser = useCompanyTeaser();
  const list = teaser.data?.data ?? [];
  if (!teaser.data || list.length === 0) return null;
  return (
    <section aria-labelledby="company-teaser-heading" className="mt-10 flex flex-col gap-3">
      <div>
        <h2 id="company-teaser-heading" className="text-lg font-semibold">
          {TEASER.heading}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {TEASER.count(list.length, teaser.data.total)}
        </p>
      </div>
      <CompanyTable companies={list} rowKey={(company) => company.company_name} />
    </section>
  );
}
