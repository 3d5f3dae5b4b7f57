import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EntityRegistrationInput } from '@trustlinks/contract/entities';
import type { EntityRegisterResponse } from '@trustlinks/contract/entities';
import * as entities from '@trustlinks/contract/routes/entities';
import { call } from '../../../lib/api-client';

export type RegisterEntityResponse = EntityRegisterResponse;

/**
 * Entity registration (docs/product/api.md#entities POST /entities/register): open to anyone; 201 with a message,
 * 409 when the same registration is already waiting, 400 with `details` for bad fields.
 */
export function registerEntity(body: EntityRegistrationInput): Promise<RegisterEntityResponse> {
  return call(entities.register, { body });
}

/** A new registration is pending: the admin lists (keyed 'admin', 'entities') become stale. */
export function useRegisterEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerEntity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'entities'] }),
  });
}
