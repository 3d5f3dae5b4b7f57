import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as entities from '@trustlinks/contract/routes/entities';
import { call } from '../../../lib/api-client';
import { applyEntityChange } from './entity-list-cache';
import { entityActionKey } from './update-entity-verification';

export interface DeleteEntityInput {
  id: string;
}

/** Delete an entity (docs/product/api.md#entities DELETE /entities/{id}, admin). Its users keep their accounts. */
export function deleteEntity({ id }: DeleteEntityInput): Promise<{ message: string }> {
  return call(entities.remove, { params: { id } });
}

export function useDeleteEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...entityActionKey, 'delete'],
    mutationFn: deleteEntity,
    onSuccess: (_data, { id }) => applyEntityChange(queryClient, id, null),
  });
}
