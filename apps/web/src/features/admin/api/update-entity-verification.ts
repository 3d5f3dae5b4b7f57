import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EntityWithMessageResponse } from '@trustlinks/contract/entities';
import * as entities from '@trustlinks/contract/routes/entities';
import { call } from '../../../lib/api-client';
import { applyEntityChange } from './entity-list-cache';

export interface UpdateEntityVerificationInput {
  id: string;
  verification_status: 'approved' | 'rejected';
}

export type UpdateEntityVerificationResponse = EntityWithMessageResponse;

/**
 * Approve or reject (docs/product/api.md#entities PUT /entities/{id}/verification). A refused transition answers
 * 409 with the reason; the first approval creates the entity's account and mails its login.
 */
export function updateEntityVerification({
  id,
  verification_status,
}: UpdateEntityVerificationInput): Promise<UpdateEntityVerificationResponse> {
  return call(entities.setVerification, { params: { id }, body: { verification_status } });
}

/** Shared prefix of the entity actions' mutation keys: the table reads its busy rows from it. */
export const entityActionKey = ['admin', 'entity-action'] as const;

export function useUpdateEntityVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...entityActionKey, 'verification'],
    mutationFn: updateEntityVerification,
    onSuccess: ({ entity }, { id }) => applyEntityChange(queryClient, id, entity),
  });
}
