import { useMutation } from '@tanstack/react-query';
import type { ContactFormInput } from '@trustlinks/contract/contact';
import type { MessageResponse } from '@trustlinks/contract/users';
import { api } from '../../../lib/api-client';

/** POST /contact (docs/decisions/026): a message to the TrustLinks team; 429 past the hourly limit. */
export function sendContactMessage(body: ContactFormInput): Promise<MessageResponse> {
  return api.post<MessageResponse>('/contact', body);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
