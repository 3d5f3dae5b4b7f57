import type { ExternalToast, toast as SonnerToast } from 'sonner';
import { TOAST_DURATIONS_MS } from '@trustlinks/contract/constants';

/**
 * Toasts with the durations of docs/product/constants.md (success 3 s, error 5 s, warning 4 s, info 3 s).
 * Position, visible count and theme are set once on the <Toaster> in app/providers.tsx.
 * A caller may still pass its own duration (e.g. the 5 s entity-registration toast).
 *
 * sonner loads with the first toast, which also mounts the lazy <Toaster>: never on a page that
 * shows none (~9 KB gzipped and a style sheet, docs/decisions/018 and 020); calls keep their order.
 */
type Sonner = typeof SonnerToast;
type Message = Parameters<Sonner['success']>[0];

let sonner: Promise<Sonner> | undefined;
let raised = false;
const firstToastListeners = new Set<() => void>();

/** Whether a toast has been raised yet: app/providers.tsx mounts sonner's <Toaster> from then on. */
export function hasRaisedToast(): boolean {
  return raised;
}

/** Calls `listener` when the first toast is raised; returns the unsubscribe. */
export function subscribeToFirstToast(listener: () => void): () => void {
  firstToastListeners.add(listener);
  return () => {
    firstToastListeners.delete(listener);
  };
}

function withSonner(show: (toast: Sonner) => unknown): void {
  if (!raised) {
    raised = true;
    for (const listener of firstToastListeners) listener();
  }
  sonner ??= import('sonner').then((module) => module.toast);
  sonner.then(show, (error: unknown) => {
    // The chunk did not load (offline): this toast is lost, the next one tries again.
    sonner = undefined;
    console.error('Could not show a message:', error);
  });
}

export const toast = {
  success: (message: Message, options?: ExternalToast) =>
    withSonner((t) => t.success(message, { duration: TOAST_DURATIONS_MS.success, ...options })),
  error: (message: Message, options?: ExternalToast) =>
    withSonner((t) => t.error(message, { duration: TOAST_DURATIONS_MS.error, ...options })),
  warning: (message: Message, options?: ExternalToast) =>
    withSonner((t) => t.warning(message, { duration: TOAST_DURATIONS_MS.warning, ...options })),
  info: (message: Message, options?: ExternalToast) =>
    withSonner((t) => t.info(message, { duration: TOAST_DURATIONS_MS.info, ...options })),
  dismiss: (id?: string | number) => withSonner((t) => t.dismiss(id)),
};
