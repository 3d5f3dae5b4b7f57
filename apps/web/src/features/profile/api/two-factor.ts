import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MfaStatusResponse,
  RecoveryCodesResponse,
  TotpEnrolmentResponse,
} from '@trustlinks/contract/mfa';
import type { MessageResponse } from '@trustlinks/contract/users';
import { api } from '../../../lib/api-client';

/** The account's second factor (docs/decisions/033): status, set-up, turning off, new codes. */
export const twoFactorQueryKey = (userId: string) => ['users', 'mfa', userId] as const;

export function twoFactorQueryOptions(userId: string) {
  return queryOptions({
    queryKey: twoFactorQueryKey(userId),
    queryFn: ({ signal }) => api.get<MfaStatusResponse>('/users/mfa', { signal }),
  });
}

export function useTwoFactorStatus(userId: string) {
  return useQuery(twoFactorQueryOptions(userId));
}

function useInvalidating<TBody, TResult>(userId: string, call: (body: TBody) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorQueryKey(userId) }),
  });
}

/**
 * Mails the one-time code an enrolment-only session needs to set up a factor (the mailbox is
 * proven as well as the password).
 */
export const useSendEnrolmentCode = () =>
  useMutation({
    mutationFn: () => api.post<MessageResponse>('/users/mfa/enrolment-code', {}),
  });

export const useStartTotp = () =>
  useMutation({
    mutationFn: (body: { email_code?: string }) =>
      api.post<TotpEnrolmentResponse>('/users/mfa/totp', body),
  });

export const useConfirmTotp = (userId: string) =>
  useInvalidating(userId, (body: { code: string; email_code?: string }) =>
    api.post<RecoveryCodesResponse>('/users/mfa/totp/confirm', body),
  );

export const useDisableTotp = (userId: string) =>
  useInvalidating(userId, (body: { current_password: string }) =>
    api.post<MessageResponse>('/users/mfa/totp/disable', body),
  );

export const useNewRecoveryCodes = (userId: string) =>
  useInvalidating(userId, (body: { current_password: string }) =>
    api.post<RecoveryCodesResponse>('/users/mfa/recovery-codes', body),
  );
