import { useState } from 'react';
import Inbox from 'lucide-react/icons/inbox';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import SearchX from 'lucide-react/icons/search-x';
import { Link } from 'react-router';
import { DEBOUNCE_MS } from '@trustlinks/contract/constants';
import type { OfferRequest } from '@trustlinks/contract/offer-requests';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { useSession } from '../../../lib/session';
import type { Session } from '../../../lib/session';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { UnsuccessfulLoadError } from '../../../lib/api/offer-requests';
import { useOfferRequests } from '../api/get-offer-requests';
import type { WishlistFilters as Filters } from '../api/get-offer-requests';
import { ContactDialog } from '../components/contact-dialog';
import { RequestCard } from '../components/request-card';
import type { ContactMode } from '../components/request-card';
import { WishlistFilters } from '../components/wishlist-filters';
import { foundText, WISHLIST_TEXT as T } from '../wishlist-texts';

const NO_FILTERS: Filters = { vertical: '', geo: '', priority: 'all' };
const CONTACT_ROLES = ['advertiser', 'network'];

/**
 * Who may press 'Contact Affiliate' (docs/product/roles.md: "presumably advertisers and networks"; the API
 * enforces it with a 403). Visitors get a link to log in; other roles a disabled button and a
 * notice saying who can contact; a network's own requests cannot be contacted.
 */
function contactModeFor(session: Session | null, request: OfferRequest): ContactMode {
  if (!session || session.passwordResetRequired) return 'login';
  if (!CONTACT_ROLES.includes(session.user.role)) return 'not-allowed';
  if (session.user.entity_id && session.user.entity_id === request.entity_id) return 'own';
  return 'contact';
}

/** Affiliates wishlist (docs/product/offers.md#affiliates-wishlist): open offer requests, filtered, with a contact modal. */
export function AffiliatesWishlistPage() {
  useDocumentTitle(T.title);
  const session = useSession();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  // Typing in the text filters asks the server once per pause, not once per key.
  const vertical = useDebouncedValue(filters.vertical, DEBOUNCE_MS.offerSearch);
  const geo = useDebouncedValue(filters.geo, DEBOUNCE_MS.offerSearch);
  const query = useOfferRequests({ vertical, geo, priority: filters.priority });
  const [contacting, setContacting] = useState<OfferRequest | null>(null);

  // Judged on the filters the shown results were asked with, not on keys still being typed.
  const filtered = vertical.trim() !== '' || geo.trim() !== '' || filters.priority !== 'all';
  const requests = query.data?.pages.flatMap((page) => page.requests) ?? [];
  const canContact = session && !session.passwordResetRequired;

  function renderResults() {
    if (query.isPending) {
      return (
        <div role="status" className="flex items-center justify-center gap-3 py-16">
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-brand" />
          <span className="text-muted-foreground">{T.loading}</span>
        </div>
      );
    }
    if (query.isError && requests.length === 0) {
      return (
        <EmptyState
          title={query.error instanceof UnsuccessfulLoadError ? T.fetchFailed : T.loadFailed}
          className="rounded-xl border border-border bg-card"
          action={
            <Button variant="outline" onClick={() => void query.refetch()}>
              {T.tryAgain}
            </Button>
          }
        />
      );
    }
    if (requests.length === 0) {
      return filtered ? (
        <EmptyState
          icon={<SearchX />}
          title={T.noMatchTitle}
          description={T.noMatchHint}
          className="rounded-xl border border-border bg-card"
          action={
            <Button variant="outline" onClick={() => setFilters(NO_FILTERS)}>
              {T.clearFilters}
            </Button>
          }
        />
      ) : (
        <EmptyState
          icon={<Inbox />}
          title={T.emptyTitle}
          description={T.emptyHint}
          className="rounded-xl border border-border bg-card"
        />
      );
    }
    return (
      <>
        <ul className="grid gap-5 lg:grid-cols-2" aria-busy={query.isPlaceholderData || undefined}>
          {requests.map((request) => (
            <li key={request.offer_request_id}>
              <RequestCard
                request={request}
                contactMode={contactModeFor(session, request)}
                onContact={setContacting}
              />
            </li>
          ))}
        </ul>
        {query.hasNextPage ? (
          <div className="mt-8 flex justify-center">
            <LoadMoreButton query={query} label={T.loadMore} loadingLabel={T.loadingMore} />
          </div>
        ) : null}
      </>
    );
  }

  return (
    <Container className="py-8 sm:py-12">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">{T.title}</h1>
        <p className="mt-2 text-muted-foreground">{T.subtitle}</p>
      </header>

      {!canContact ? (
        <Alert variant="info" className="mt-6">
          {T.visitorNotice}{' '}
          <Link to="/login" className="font-semibold underline underline-offset-4">
            {T.logIn}
          </Link>
        </Alert>
      ) : !CONTACT_ROLES.includes(session.user.role) ? (
        <Alert variant="info" className="mt-6">
          {T.roleNotice}
        </Alert>
      ) : null}

      <div className="mt-6">
        <WishlistFilters value={filters} onChange={setFilters} />
      </div>

      {!query.isPending && !(query.isError && requests.length === 0) ? (
        <p className="mt-6 text-sm text-muted-foreground" aria-live="polite">
          {foundText(requests.length, query.hasNextPage)}
        </p>
      ) : null}

      <section aria-labelledby="wishlist-results-heading" className="mt-4">
        <h2 id="wishlist-results-heading" className="sr-only">
          {T.resultsHeading}
        </h2>
        {renderResults()}
      </section>

      <ContactDialog request={contacting} onClose={() => setContacting(null)} />
    </Container>
  );
}
