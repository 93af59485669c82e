'use client';

import { SnackbarProvider } from 'notistack';
import { Suspense, type ReactNode } from 'react';
import { ErrorLogCapture } from '@/components/common/ErrorLogCapture';
import { NavigationProgress } from '@/components/common/NavigationProgress';
import { TOAST_MS } from '@/lib/api-client';

/**
 * What every page shares, the login page included: toasts (they outlive a navigation, e.g. the
 * admin guard's message on its way to /login), error capture and the progress bar. No MUI here:
 * the login page draws itself without it; the other pages add MuiProviders in their layouts.
 */
export function RootProviders({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={4}
      autoHideDuration={TOAST_MS}
      preventDuplicate
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      {children}
      <ErrorLogCapture />
      <Suspense fallback={null}>
        <NavigationProgress />
      </Suspense>
    </SnackbarProvider>
  );
}
