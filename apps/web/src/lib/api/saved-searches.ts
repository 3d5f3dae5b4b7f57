import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SavedSearchCreateInput,
  SavedSearchesResponse,
  SavedSearchWithMessage,
} from '@trustlinks/contract/saved-searches';
import { api } from '../api-client';

// Saved searches (docs/decisions/028): the explorer saves one, the dashboard lists, renames and deletes
// them; both read and change them under one key.
export const SAVED_SEARCHES_KEY = ['saved-searches'] as const;

/** GET /saved-searches: the caller's saved searches, newest first. */
export function getSavedSearches(signal?: AbortSignal) {
  return api.get<SavedSearchesResponse>('/saved-searches', { signal });
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

/** POST /saved-searches: the explorer's current filters under a name. */
export function saveSearch(input: SavedSearchCreateInput) {
  return api.post<SavedSearchWithMessage>('/saved-searches', input);
}

/** PUT /saved-searches/{id}. */
export function renameSavedSearch({ id, name }: { id: string; name: string }) {
  return api.put<SavedSearchWithMessage>(`/saved-searches/${encodeURIComponent(id)}`, { name });
}

/** DELETE /saved-searches/{id}. */
export function deleteSavedSearch(id: string) {
  return api.delete<{ message: string }>(`/saved-searches/${encodeURIComponent(id)}`);
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
