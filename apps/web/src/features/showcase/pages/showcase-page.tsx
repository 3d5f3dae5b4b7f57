import { useId, useMemo, useState } from 'react';
import Inbox from 'lucide-react/icons/inbox';
import Search from 'lucide-react/icons/search';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { inputClass } from '../../../components/ui/form-field';
import { cn } from '../../../lib/cn';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ShowcaseAddForm } from '../components/showcase-add-form';
import { ShowcaseTable } from '../components/showcase-table';
import { ShowcaseUpload } from '../components/showcase-upload';
import { newId, searchShowcase } from '../showcase-offers';
import type { ShowcaseOffer, ShowcaseOfferInput } from '../showcase-offers';
import { SHOWCASE_TEXT as T } from '../showcase-texts';

/**
 * Offers showcase (docs/product/offers.md#showcase): offers from an uploaded JSON file or the manual form, kept in page
 * memory only (nothing is sent to the server; a reload starts empty), searchable by title, geo or
 * category with a count of matches.
 */
export function ShowcasePage() {
  useDocumentTitle(T.documentTitle);
  const id = useId();
  const [offers, setOffers] = useState<ShowcaseOffer[]>([]);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => searchShowcase(offers, query), [offers, query]);
  const searching = query.trim() !== '';

  const withIds = (items: ShowcaseOfferInput[]) => items.map((o) => ({ ...o, id: newId() }));

  return (
    <Container className="py-8 sm:py-10">
      <header className="mb-6">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{T.title}</h1>
        <p className="mt-2 max-w-3xl text-muted-foreground">{T.subtitle}</p>
      </header>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
        <ShowcaseUpload
          onLoaded={(items) => setOffers((current) => [...current, ...withIds(items)])}
        />
        <ShowcaseAddForm
          onAdd={(offer) => setOffers((current) => [...current, { ...offer, id: newId() }])}
        />
      </div>

      <section aria-labelledby={`${id}-list`} className="mt-8 flex min-w-0 flex-col gap-4">
        <h2 id={`${id}-list`} className="sr-only">
          {T.tableLabel}
        </h2>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <div className="relative w-full sm:max-w-sm">
            <label htmlFor={`${id}-search`} className="sr-only">
              {T.searchLabel}
            </label>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <input
              id={`${id}-search`}
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder={T.searchPlaceholder}
              autoComplete="off"
              className={cn(inputClass, 'pl-9')}
            />
          </div>
          <p aria-live="polite" className="text-sm font-medium text-muted-foreground">
            {T.count(shown.length, offers.length, searching)}
          </p>
        </div>

        {offers.length === 0 ? (
          <Card>
            <EmptyState icon={<Inbox />} title={T.empty} description={T.emptyHint} />
          </Card>
        ) : shown.length === 0 ? (
          <Card>
            <EmptyState
              icon={<Search />}
              title={T.noMatches}
              description={T.noMatchesHint}
              action={
                <Button variant="outline" onClick={() => setQuery('')}>
                  {T.clearSearch}
                </Button>
              }
            />
          </Card>
        ) : (
          <ShowcaseTable offers={shown} />
        )}
      </section>
    </Container>
  );
}
