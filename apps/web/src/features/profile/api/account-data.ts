import { useMutation } from '@tanstack/react-query';
import type { AccountExport, DeleteAccountInput } from '@trustlinks/contract/account';
import type { MessageResponse } from '@trustlinks/contract/users';
import * as account from '@trustlinks/contract/routes/account';
import { call } from '../../../lib/api-client';

/** GET /users/me/export (docs/decisions/026): everything we hold about the account, as JSON. */
export function exportAccount(): Promise<AccountExport> {
  return call(account.exportData);
}

export function useExportAccount() {
  return useMutation({ mutationFn: exportAccount });
}

/** DELETE /users/me (docs/decisions/026): deletes the account after its password. */
export function deleteAccount(body: DeleteAccountInput): Promise<MessageResponse> {
  return call(account.remove, { body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
