import { useMutation } from '@tanstack/react-query';
import type { RegisterBody } from '@trustlinks/contract/users';
import type { MessageResponse } from '@trustlinks/contract/users';
import * as users from '@trustlinks/contract/routes/users';
import { call } from '../../../lib/api-client';

export type RegisterResponse = MessageResponse;

/**
 * Sign-up (docs/product/api.md#users): 201 with the same message whether or not the address has
 * an account (no enumeration, docs/decisions/010), 429 past the sign-up limit. Never shared.
 */
export function register(body: RegisterBody): Promise<RegisterResponse> {
  return call(users.register, { body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
