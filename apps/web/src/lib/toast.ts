import { toast as sonner } from 'sonner';
import type { ExternalToast } from 'sonner';
import { TOAST_DURATIONS_MS } from '@trustlinks/contract/constants';

/**
 * Toasts with the durations of docs/product/constants.md (success 3 s, error 5 s, warning 4 s, info 3 s).
 * Position, visible count and theme are set once on the <Toaster> in app/providers.tsx.
 * A caller may still pass its own duration (e.g. the 5 s entity-registration toast).
 */
type Message = Parameters<typeof sonner.success>[0];

export const toast = {
  success: (message: Message, options?: ExternalToast) =>
    sonner.success(message, { duration: TOAST_DURATIONS_MS.success, ...options }),
  error: (message: Message, options?: ExternalToast) =>
    sonner.error(message, { duration: TOAST_DURATIONS_MS.error, ...options }),
  warning: (message: Message, options?: ExternalToast) =>
    sonner.warning(message, { duration: TOAST_DURATIONS_MS.warning, ...options }),
  info: (message: Message, options?: ExternalToast) =>
    sonner.info(message, { duration: TOAST_DURATIONS_MS.info, ...options }),
  dismiss: (id?: string | number) => sonner.dismiss(id),
};
