import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserResponse } from '@trustlinks/contract/users';
import * as users from '@trustlinks/contract/routes/users';
import { call } from '../../../lib/api-client';

export type ProfileResponse = UserResponse;

/** The logged-in user as the server has it (docs/product/api.md#users GET /users/profile). */
export function getProfile(signal?: AbortSignal): Promise<ProfileResponse> {
  return call(users.profile, {}, { signal });
}

export function profileQueryKey(userId: string) {
  return ['users', 'profile', userId] as const;
}

/** Keyed by user so a different login never sees the previous user's cached profile. */
export function getProfileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: profileQueryKey(userId),
    queryFn: ({ signal }) => getProfile(signal),
  });
}

export function useProfile(userId: string) {
  return useQuery(getProfileQueryOptions(userId));
}
