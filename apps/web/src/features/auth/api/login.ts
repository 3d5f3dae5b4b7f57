import { useMutation } from '@tanstack/react-query';
import type { LoginResult } from '@trustlinks/contract/mfa';
import type { LoginBody } from '@trustlinks/contract/users';
import * as users from '@trustlinks/contract/routes/users';
import { call } from '../../../lib/api-client';

/**
 * Login (docs/product/api.md#users): token, user and password_reset_required, or for an account
 * with a second factor { mfa_required, mfa_token } (docs/decisions/033). Its 401 means wrong credentials,
 * not an expired session, so it must not clear a stored session. Never shared (docs/product/api.md).
 */
export function login(body: LoginBody): Promise<LoginResult> {
  return call(users.login, { body }, { keepSessionOnUnauthorized: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
