import { useMutation } from '@tanstack/react-query';
import type { ContactFormInput } from '@trustlinks/contract/contact';
import type { MessageResponse } from '@trustlinks/contract/users';
import * as contact from '@trustlinks/contract/routes/contact';
import { call } from '../../../lib/api-client';

/** POST /contact (docs/decisions/026): a message to the TrustLinks team; 429 past the hourly limit. */
export function sendContactMessage(body: ContactFormInput): Promise<MessageResponse> {
  return call(contact.send, { body });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
