import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedSearchCreateInput } from '@trustlinks/contract/saved-searches';
import * as savedSearches from '@trustlinks/contract/routes/saved-searches';
import { call } from '../api-client';

// Saved searches (docs/decisions/028): the explorer saves one, the dashboard lists, renames and deletes
// them; both read and change them under one key.
export const SAVED_SEARCHES_KEY = ['saved-searches'] as const;

/** The caller's saved searches, newest first. */
export function getSavedSearches(signal?: AbortSignal) {
  return call(savedSearches.list, {}, { signal });
}

export function getSavedSearchesQueryOptions() {
  return queryOptions({
    queryKey: SAVED_SEARCHES_KEY,
    queryFn: ({ signal }) => getSavedSearches(signal),
  });
}

export function useSavedSearches() {
  return useQuery(getSavedSearchesQueryOptions());
}

/** The explorer's current filters under a name. */
export function saveSearch(input: SavedSearchCreateInput) {
  return call(savedSearches.create, { body: input });
}

export function renameSavedSearch({ id, name }: { id: string; name: string }) {
  return call(savedSearches.rename, { params: { id }, body: { name } });
}

export function deleteSavedSearch(id: string) {
  return call(savedSearches.remove, { params: { id } });
}

function useSavedSearchMutation<T, R>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }),
  });
}

export const useSaveSearch = () => useSavedSearchMutation(saveSearch);
export const useRenameSavedSearch = () => useSavedSearchMutation(renameSavedSearch);
export const useDeleteSavedSearch = () => useSavedSearchMutation(deleteSavedSearch);
