import ExternalLink from 'lucide-react/icons/external-link';
import Lock from 'lucide-react/icons/lock';
import UserRound from 'lucide-react/icons/user-round';
import type { CompanyTeaser } from '@trustlinks/contract/companies';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { DataTable, TableCell, TableHeaderCell, TableRow } from '../../../components/ui/table';
import { LIST } from '../companies-content';
import { CompanyTypeBadge } from './company-type-badge';

/** "https://www.acme.example/path" → "acme.example/path": what a person reads. */
export function displayWebsite(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/^www\./i, '');
}

interface CompanyTableProps<C extends CompanyTeaser> {
  companies: C[];
  /** The row's key (a teaser row has no id). */
  rowKey: (company: C) => string;
  /** The action column: absent in the visitors' teaser (docs/decisions/053), which has none. */
  action?: {
    verified: boolean;
    /** While the access status is unknown the action waits. */
    disabled?: boolean;
    onAction: (company: C) => void;
  };
}

/** Company name, website, type and the action (docs/product/companies.md). */
export function CompanyTable<C extends CompanyTeaser>({
  companies,
  rowKey,
  action,
}: CompanyTableProps<C>) {
  const { columns } = LIST;
  return (
    <DataTable
      label={LIST.tableLabel}
      minWidth={action ? 'md:min-w-[40rem]' : 'md:min-w-[32rem]'}
      header={
        <>
          <TableHeaderCell>{columns.name}</TableHeaderCell>
          <TableHeaderCell>{columns.website}</TableHeaderCell>
          <TableHeaderCell>{columns.type}</TableHeaderCell>
          {action ? (
            <TableHeaderCell className="text-right">
              <span className="sr-only">{columns.action}</span>
            </TableHeaderCell>
          ) : null}
        </>
      }
      rows={companies}
      renderRow={(company) => (
        <TableRow key={rowKey(company)}>
          <TableCell className="font-medium max-md:text-base">{company.company_name}</TableCell>
          <TableCell label={columns.website} className="min-w-0">
            {company.website ? (
              <a
                href={company.website}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="inline-flex min-w-0 items-center gap-1 text-brand-soft-foreground underline-offset-4 hover:underline dark:text-brand"
              >
                <span className="truncate">{displayWebsite(company.website)}</span>
                <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : (
              <span className="text-muted-foreground">{LIST.noWebsite}</span>
            )}
          </TableCell>
          <TableCell label={columns.type}>
            <CompanyTypeBadge type={company.entity_type} />
          </TableCell>
          {action ? (
            <TableCell className="md:text-right max-md:pt-1">
              <Button
                size="sm"
                variant={action.verified ? 'primary' : 'outline'}
                disabled={action.disabled}
                onClick={() => action.onAction(company)}
                aria-label={`${action.verified ? LIST.viewContacts : LIST.requestAccess}: ${company.company_name}`}
                className="max-md:w-full"
              >
                {action.verified ? <UserRound aria-hidden="true" /> : <Lock aria-hidden="true" />}
                {action.verified ? LIST.viewContacts : LIST.requestAccess}
              </Button>
            </TableCell>
          ) : null}
        </TableRow>
      )}
    />
  );
}

export function CompanyTableSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div className="rounded-xl border border-border bg-card p-4 shadow-xs" aria-hidden="true">
      <Skeleton className="h-5 w-40" />
      <div className="mt-4 flex flex-col gap-3">
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="flex items-center gap-4">
            <Skeleton className="h-5 flex-1" />
            <Skeleton className="h-5 w-1/4 max-md:hidden" />
            <Skeleton className="h-5 w-20" />
            <Skeleton className="h-8 w-28" />
          </div>
        ))}
      </div>
    </div>
  );
}
