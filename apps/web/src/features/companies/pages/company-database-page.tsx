import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder until the page is built. */
export function CompanyDatabasePage() {
  return (
    <ComingSoon
      title="Affiliate Company Database"
      description="Browse verified affiliate marketing companies"
    />
  );
}
