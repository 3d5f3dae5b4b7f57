import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '@trustlinks/contract/users';
import { api } from '../../../lib/api-client';

/**
 * Login (SPEC §7.1): token, user and password_reset_required. Its 401 means wrong credentials,
 * not an expired session, so it must not clear a stored session. Never shared (SPEC §7).
 */
export function login(body: LoginBody): Promise<LoginResponse> {
  return api.post<LoginResponse>('/users/login', body, { keepSessionOnUnauthorized: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
