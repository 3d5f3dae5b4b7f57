import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import Bookmark from 'lucide-react/icons/bookmark';
import { SAVED_SEARCH_LIMITS } from '@trustlinks/contract/constants';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { serverMessage } from '../../../lib/api-client';
import { useSaveSearch } from '../../../lib/api/saved-searches';
import type { OfferFilters } from '../../../lib/offers/offer-filters';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { EXPLORER_TEXT as T } from '../offers-texts';
import { Form } from '../../../components/ui/form';

/** The explorer's filters as the API's saved-search filters (its query names). */
function toSavedFilters(filters: OfferFilters) {
  return {
    ...(filters.title ? { title: filters.title } : {}),
    geo: filters.geo,
    category: filters.category,
    payout_type: filters.payoutType ?? [],
    ...(filters.entity ? { entity: filters.entity } : {}),
    ...(filters.payoutMin ? { payout_min: Number(filters.payoutMin) } : {}),
    ...(filters.payoutMax ? { payout_max: Number(filters.payoutMax) } : {}),
    sort: filters.sort ?? 'newest',
  };
}

/**
 * 'Save this search' (docs/decisions/028): a signed-in user names the explorer's current filters; new
 * matching offers are then announced behind the bell (and by the daily digest mail).
 */
export function SaveSearch({ filters }: { filters: OfferFilters }) {
  const session = useSession();
  const save = useSaveSearch();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  if (!session) {
    return (
      <p className="text-sm text-muted-foreground">
        <Link to="/login" className="underline underline-offset-4">
          {T.saveLogin}
        </Link>
      </p>
    );
  }
  if (!open) {
    return (
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          setName(filters.title || '');
          setOpen(true);
        }}
      >
        <Bookmark aria-hidden="true" />
        {T.saveSearch}
      </Button>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { name, filters: toSavedFilters(filters) },
      {
        onSuccess: (data) => {
          toast.success(data.message);
          setOpen(false);
        },
        onError: (error) => toast.error(serverMessage(error) ?? T.saveFailed),
      },
    );
  };
  return (
    <Form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <TextField
        label={T.saveNameLabel}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        maxLength={SAVED_SEARCH_LIMITS.nameMax}
        required
        autoFocus
      />
      <Button type="submit" size="md" disabled={save.isPending}>
        {T.save}
      </Button>
      <Button type="button" size="md" variant="ghost" onClick={() => setOpen(false)}>
        {T.cancel}
      </Button>
    </Form>
  );
}
