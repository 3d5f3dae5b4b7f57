import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateBody } from '@trustlinks/contract/users';
import type { UserWithMessageResponse } from '@trustlinks/contract/users';
import * as users from '@trustlinks/contract/routes/users';
import { call } from '../../../lib/api-client';
import { updateCurrentUser } from '../../../lib/session';
import { profileQueryKey } from './get-profile';
import type { ProfileResponse } from './get-profile';

export type UpdateProfileResponse = UserWithMessageResponse;

export interface UpdateProfileInput {
  userId: string;
  body: ProfileUpdateBody;
}

/** Saves the own profile (docs/product/api.md#users PUT /users/profile/{id}); the email cannot change. */
export function updateProfile({
  userId,
  body,
}: UpdateProfileInput): Promise<UpdateProfileResponse> {
  return call(users.updateProfile, { params: { id: userId }, body });
}

/** On success the stored current user (header, other tabs) and the cached profile follow. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => {
      updateCurrentUser(user);
      queryClient.setQueryData<ProfileResponse>(profileQueryKey(user.user_id), { user });
    },
  });
}
