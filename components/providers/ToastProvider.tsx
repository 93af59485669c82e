'use client';

import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { attachToastHost, TOAST_MS } from '@/lib/client/toast';

/** notistack's provider, loaded by ToastHost when the first toast is wanted. */
export function ToastProvider() {
  // notistack sets its global enqueueSnackbar when the provider is constructed: by this effect it is.
  useEffect(() => {
    attachToastHost(({ message, options }) => enqueueSnackbar(message, options));
    return () => attachToastHost(null);
  }, []);
  return (
    <SnackbarProvider
      maxSnack={4}
      autoHideDuration={TOAST_MS}
      preventDuplicate
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    />
  );
}
