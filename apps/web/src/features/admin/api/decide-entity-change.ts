import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EntityChangeDecision } from '@trustlinks/contract/entities';
import type { EntityWithMessageResponse } from '@trustlinks/contract/entities';
import * as entities from '@trustlinks/contract/routes/entities';
import { call } from '../../../lib/api-client';
import { applyEntityChange } from './entity-list-cache';

export interface DecideEntityChangeInput {
  id: string;
  decision: EntityChangeDecision;
}

export type DecideEntityChangeResponse = EntityWithMessageResponse;

/**
 * Accept or reject an owner's waiting change of name, website or email (ours:
 * PUT /entities/{id}/pending-change). Accepting a name another approved entity has is a 409.
 */
export function decideEntityChange({
  id,
  decision,
}: DecideEntityChangeInput): Promise<DecideEntityChangeResponse> {
  return call(entities.decidePendingChange, { params: { id }, body: { decision } });
}

export function useDecideEntityChange() {
  const queryClient = useQueryClient();
  return useMutation({
    // Not under the row actions' key: the table's busy labels are for approve, reject, delete.
    mutationKey: ['admin', 'entity-change'],
    mutationFn: decideEntityChange,
    onSuccess: ({ entity }, { id }) => applyEntityChange(queryClient, id, entity),
  });
}
