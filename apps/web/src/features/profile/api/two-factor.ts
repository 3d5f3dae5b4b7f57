import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as mfa from '@trustlinks/contract/routes/mfa';
import { call } from '../../../lib/api-client';

/** The account's second factor (docs/decisions/033): status, set-up, turning off, new codes. */
export const twoFactorQueryKey = (userId: string) => ['users', 'mfa', userId] as const;

export function twoFactorQueryOptions(userId: string) {
  return queryOptions({
    queryKey: twoFactorQueryKey(userId),
    queryFn: ({ signal }) => call(mfa.status, {}, { signal }),
  });
}

export function useTwoFactorStatus(userId: string) {
  return useQuery(twoFactorQueryOptions(userId));
}

function useInvalidating<TBody, TResult>(userId: string, send: (body: TBody) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorQueryKey(userId) }),
  });
}

/**
 * Mails the one-time code an enrolment-only session needs to set up a factor (the mailbox is
 * proven as well as the password).
 */
export const useSendEnrolmentCode = () =>
  useMutation({
    mutationFn: () => call(mfa.sendEnrolmentCode),
  });

export const useStartTotp = () =>
  useMutation({
    mutationFn: (body: { email_code?: string }) => call(mfa.startTotp, { body }),
  });

export const useConfirmTotp = (userId: string) =>
  useInvalidating(userId, (body: { code: string; email_code?: string }) =>
    call(mfa.confirmTotp, { body }),
  );

export const useDisableTotp = (userId: string) =>
  useInvalidating(userId, (body: { current_password: string }) => call(mfa.disableTotp, { body }));

export const useNewRecoveryCodes = (userId: string) =>
  useInvalidating(userId, (body: { current_password: string }) =>
    call(mfa.regenerateRecoveryCodes, { body }),
  );
