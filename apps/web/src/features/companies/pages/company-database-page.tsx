import Building2 from 'lucide-react/icons/building-2';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ReactNode } from 'react';
import type { Company, CompanyType } from '@trustlinks/contract/companies';
import { DEBOUNCE_MS } from '@trustlinks/contract/constants';
import { statusHasFullAccess } from '@trustlinks/contract/identity';
import type { VerifyIdentityResponse } from '@trustlinks/contract/identity';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { ApiClientError, serverMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCompanies } from '../api/get-companies';
import { useVerificationStatus } from '../../../lib/api/verification-status';
import { LIST, PAGE } from '../companies-content';
import { AccessBadge } from '../components/access-badge';
import { AccessRestricted } from '../components/access-restricted';
import { CompanyTeaserList } from '../components/company-teaser-list';
import { CompanyContactsDialog } from '../components/company-contacts-dialog';
import { CompanyFilters } from '../components/company-filters';
import { CompanyTable, CompanyTableSkeleton } from '../components/company-table';
import { VerifyIdentityDialog } from '../components/verify-identity-dialog';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** The list's failure: the server's word for a session or rate problem, else docs/product/errors.md's text. */
function listFailure(error: unknown): string {
  if (error instanceof ApiClientError && (error.status === 401 || error.status === 429)) {
    return serverMessage(error) ?? LIST.fetchFailed;
  }
  return LIST.fetchFailed;
}

/**
 * The affiliate company database (docs/product/companies.md), at /affliate-industry and /database. Visitors see
 * why they cannot, and a teaser of the first companies (docs/decisions/053); logged-in users search and filter the list, and open contacts when their
 * identity is verified, or the verification first when it is not (docs/product/states.md "Contacts access").
 */
export function CompanyDatabasePage() {
  useDocumentTitle(PAGE.title);
  const session = useSession();
  return (
    <Container className="py-10 sm:py-14">
      {session ? <CompanyDatabase viewerId={session.user.user_id} /> : <Heading />}
      {session ? null : (
        <>
          <div className="mt-8">
            <AccessRestricted />
          </div>
          <CompanyTeaserList />
        </>
      )}
    </Container>
  );
}

function Heading({ badge }: { badge?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="hidden size-12 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand-soft-foreground sm:flex"
        >
          <Building2 className="size-6" />
        </span>
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">{PAGE.title}</h1>
          <p className="mt-1 text-muted-foreground">{PAGE.subtitle}</p>
        </div>
      </div>
      {badge ? <div className="shrink-0">{badge}</div> : null}
    </div>
  );
}

/** The query parameters the page reads (?verify=1 opens the dialog): app/page-data.ts. */
export const COMPANY_DATABASE_PARAMS = ['verify'] as const;

function CompanyDatabase({ viewerId }: { viewerId: string }) {
  const [searchInput, setSearchInput] = useState('');
  const [type, setType] = useState<CompanyType | undefined>(undefined);
  const search = useDebouncedValue(searchInput.trim(), DEBOUNCE_MS.companySearch);

  const status = useVerificationStatus(viewerId);
  const verified = status.data ? statusHasFullAccess(status.data.data) : undefined;
  // A failed status read is treated as limited: the server decides what contacts show anyway.
  const effectiveVerified = verified ?? (status.isError ? false : undefined);

  const companies = useCompanies({ type, search, viewerId }, true);
  const [contactsOf, setContactsOf] = useState<Company | null>(null);
  const [verifyFor, setVerifyFor] = useState<Company | null>(null);
  // A 'Verify' link elsewhere (the profile, a held review) opens the dialog here: ?verify=1.
  const [params] = useSearchParams();
  const [verifyOpen, setVerifyOpen] = useState(() => params.get('verify') === '1');

  const pages = companies.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.data);
  const last = pages.at(-1)?.pagination;
  const total = last?.total ?? 0;
  const capped = last?.totalIsCapped ?? false;
  const remaining = Math.max(0, total - rows.length);

  function handleAction(company: Company) {
    if (effectiveVerified) {
      setContactsOf(company);
    } else {
      setVerifyFor(company);
      setVerifyOpen(true);
    }
  }

  function handleVerified(response: VerifyIdentityResponse) {
    toast.success(response.message);
    setVerifyOpen(false);
    // docs/product/states.md: after a successful verification the contacts load for the selected company.
    if (verifyFor) setContactsOf(verifyFor);
    setVerifyFor(null);
  }

  /** A LinkedIn profile went to review: the dialog closes with the news; access stays limited. */
  function handleSubmitted(response: VerifyIdentityResponse) {
    toast.info(response.message);
    setVerifyOpen(false);
    setVerifyFor(null);
  }

  return (
    <>
      <Heading badge={<AccessBadge verified={effectiveVerified} />} />

      <div className="mt-8 flex flex-col gap-4">
        <CompanyFilters
          search={searchInput}
          onSearchChange={setSearchInput}
          type={type}
          onTypeChange={setType}
        />

        {companies.isPending ? (
          <CompanyTableSkeleton />
        ) : companies.isError && rows.length === 0 ? (
          <Alert variant="danger">
            <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
              <span>{listFailure(companies.error)}</span>
              <Button size="sm" variant="outline" onClick={() => void companies.refetch()}>
                {LIST.tryAgain}
              </Button>
            </div>
          </Alert>
        ) : rows.length === 0 ? (
          <div className="rounded-xl border border-border bg-card shadow-xs">
            <EmptyState icon={<Building2 />} title={LIST.empty} description={LIST.emptyHint} />
          </div>
        ) : (
          <>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {LIST.count(rows.length, total, capped)}
            </p>
            <CompanyTable
              companies={rows}
              rowKey={(company) => company.affliate_id}
              action={{
                verified: Boolean(effectiveVerified),
                disabled: effectiveVerified === undefined,
                onAction: handleAction,
              }}
            />
            <div className="flex flex-col items-center gap-3 pt-2">
              {companies.hasNextPage ? (
                <Button
                  variant="outline"
                  onClick={() => void companies.fetchNextPage()}
                  disabled={companies.isFetchingNextPage}
                >
                  {companies.isFetchingNextPage ? (
                    <>
                      <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
                      {LIST.loadingMore}
                    </>
                  ) : (
                    LIST.loadMore(remaining, capped)
                  )}
                </Button>
              ) : remaining > 0 ? (
                <p className="text-center text-sm text-muted-foreground">
                  {LIST.depthReached(rows.length)}
                </p>
              ) : null}
              {companies.isFetchNextPageError ? (
                <p role="alert" className="text-sm text-danger">
                  {listFailure(companies.error)}
                </p>
              ) : null}
              {last ? (
                <p className="text-center text-xs text-muted-foreground">
                  {LIST.footer(rows.length, total, last.page, last.totalPages, capped)}
                </p>
              ) : null}
            </div>
          </>
        )}
      </div>

      <VerifyIdentityDialog
        open={verifyOpen}
        onOpenChange={(open) => {
          setVerifyOpen(open);
          if (!open) setVerifyFor(null);
        }}
        viewerId={viewerId}
        status={status.data?.data}
        onVerified={handleVerified}
        onSubmitted={handleSubmitted}
      />
      <CompanyContactsDialog
        company={contactsOf}
        viewerId={viewerId}
        onOpenChange={(open) => {
          if (!open) setContactsOf(null);
        }}
        onVerify={() => {
          setVerifyFor(contactsOf);
          setContactsOf(null);
          setVerifyOpen(true);
        }}
      />
    </>
  );
}
