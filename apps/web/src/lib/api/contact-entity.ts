import { useMutation } from '@tanstack/react-query';
import type { EntityContactInput } from '@trustlinks/contract/contact';
import * as contact from '@trustlinks/contract/routes/contact';
import { call, routeUrl } from '../api-client';

export interface ContactEntityResponse {
  message: string;
  delivered_text?: boolean | undefined;
  thread_id?: string | undefined;
}

/**
 * POST /entities/{id}/contact (docs/decisions/026): a signed-in member asks a company without a sign-up
 * page to join it. The entity and offer pages' 'Join' button sends it.
 */
export function contactEntity(
  entityId: string,
  body: EntityContactInput,
): Promise<ContactEntityResponse> {
  return call(contact.contactEntity, { params: { id: entityId }, body });
}

export function useContactEntity(entityId: string) {
  return useMutation({ mutationFn: (body: EntityContactInput) => contactEntity(entityId, body) });
}

/** Where 'Join' sends a visitor: the API counts the visit and redirects to the sign-up page. */
export function joinEntityUrl(entityId: string): string {
  return routeUrl(contact.join, { params: { id: entityId } });
}
