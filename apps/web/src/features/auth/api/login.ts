import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '@trustlinks/contract/users';
import { api } from '../../../lib/api-client';

/**
 * Login (docs/product/api.md#users): token, user and password_reset_required. Its 401 means wrong credentials,
 * not an expired session, so it must not clear a stored session. Never shared (docs/product/api.md).
 */
export function login(body: LoginBody): Promise<LoginResponse> {
  return api.post<LoginResponse>('/users/login', body, { keepSessionOnUnauthorized: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
