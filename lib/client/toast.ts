import type { OptionsObject, SnackbarMessage } from 'notistack';
import { createExternalStore } from './external-store';

// Toasts without notistack on the first screen: showToast() queues the message and asks the
// page's ToastHost (components/providers/ToastHost.tsx) to load notistack and mount its provider;
// once mounted, the host shows the queue and takes every later toast straight away. A page
// without a host (the login page, whose calls are quiet) never loads it.

/** How long a toast stays, in ms. */
export const TOAST_MS = 5000;

export type Toast = { message: SnackbarMessage; options?: OptionsObject };

/** A queued toast older than this is not shown any more (it would be about something past). */
const QUEUED_FOR_AT_MOST_MS = 5000;

/** Set while a host is mounted: shows one toast. */
let deliver: ((toast: Toast) => void) | null = null;
let queue: { toast: Toast; at: number }[] = [];

/** True once some code wanted a toast: the host then loads notistack. */
export const toastsWanted = createExternalStore({ initial: false });

export const showToast = (message: SnackbarMessage, options?: OptionsObject) => {
  const toast = options === undefined ? { message } : { message, options };
  if (deliver) {
    deliver(toast);
    return;
  }
  queue.push({ toast, at: Date.now() });
  toastsWanted.set(true);
};

/** Called by the host once notistack's provider is mounted (and with null when it unmounts). */
export const attachToastHost = (show: ((toast: Toast) => void) | null) => {
  deliver = show;
  if (!show) return;
  const fresh = queue.filter(({ at }) => Date.now() - at <= QUEUED_FOR_AT_MOST_MS);
  queue = [];
  fresh.forEach(({ toast }) => show(toast));
};

/**
 * The page's host is gone (the signed-in layout was left): what it had not shown yet belongs to
 * that page and is dropped, so it cannot surface after the next sign-in.
 */
export const dropQueuedToasts = () => {
  queue = [];
  toastsWanted.set(false);
};
