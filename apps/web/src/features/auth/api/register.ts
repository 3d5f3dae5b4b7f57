import { useMutation } from '@tanstack/react-query';
import type { RegisterBody } from '@trustlinks/contract/users';
import { api } from '../../../lib/api-client';

export interface RegisterResponse {
  message: string;
}

/** Sign-up (SPEC §7.1): 201 with a message; 409 when the email is taken. Never shared (SPEC §7). */
export function register(body: RegisterBody): Promise<RegisterResponse> {
  return api.post<RegisterResponse>('/users/register', body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
