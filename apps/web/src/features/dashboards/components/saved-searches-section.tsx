import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { SavedSearch } from '@trustlinks/contract/saved-searches';
import { SAVED_SEARCH_LIMITS } from '@trustlinks/contract/constants';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/form-field';
import { serverMessage } from '../../../lib/api-client';
import {
  useDeleteSavedSearch,
  useRenameSavedSearch,
  useSavedSearches,
} from '../../../lib/api/saved-searches';
import { toast } from '../../../lib/toast';
import { SAVED_SEARCHES_TEXT as T } from '../dashboards-texts';
import { Form } from '../../../components/ui/form';

/**
 * The user's saved explorer searches (docs/decisions/028): open one in the explorer, rename or delete it.
 * The dashboards' Saved searches tab (docs/decisions/053), which names it.
 * New offers that match are announced behind the bell once a day.
 */
export function SavedSearchesSection() {
  const searches = useSavedSearches();
  const list = searches.data?.saved_searches ?? [];
  return (
    <section aria-labelledby="saved-searches-heading">
      <h2 id="saved-searches-heading" className="sr-only">
        {T.heading}
      </h2>
      <p className="text-sm text-muted-foreground">{T.hint}</p>
      {searches.isPending ? null : searches.isError ? (
        <p className="mt-4 text-sm text-danger">{T.failed}</p>
      ) : list.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">
          {T.empty} <Link to="/offers">{T.explore}</Link>
        </p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {list.map((search) => (
            <li key={search.saved_search_id}>
              <SavedSearchRow search={search} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SavedSearchRow({ search }: { search: SavedSearch }) {
  const rename = useRenameSavedSearch();
  const remove = useDeleteSavedSearch();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(search.name);
  const fail = (error: unknown) => toast.error(serverMessage(error) ?? T.actionFailed);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    rename.mutate(
      { id: search.saved_search_id, name },
      {
        onSuccess: (data) => {
          toast.success(data.message);
          setEditing(false);
        },
        onError: fail,
      },
    );
  };
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
      {editing ? (
        <Form onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <TextField
            label={T.nameLabel}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={SAVED_SEARCH_LIMITS.nameMax}
            required
            autoFocus
          />
          <Button type="submit" disabled={rename.isPending}>
            {T.save}
          </Button>
          <Button type="button" variant="ghost" onClick={() => setEditing(false)}>
            {T.cancel}
          </Button>
        </Form>
      ) : (
        <Link
          to={`/offers${search.query ? `?${search.query}` : ''}`}
          className="font-medium underline-offset-4 hover:underline"
        >
          {search.name}
        </Link>
      )}
      {editing ? null : (
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            {T.rename}
          </Button>
          <Button
            size="sm"
            variant="danger"
            disabled={remove.isPending}
            aria-label={T.deleteLabel(search.name)}
            onClick={() =>
              remove.mutate(search.saved_search_id, {
                onSuccess: (data) => toast.success(data.message),
                onError: fail,
              })
            }
          >
            {T.delete}
          </Button>
        </div>
      )}
    </Card>
  );
}
