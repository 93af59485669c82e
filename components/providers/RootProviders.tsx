'use client';

import { Suspense, type ReactNode } from 'react';
import { ErrorLogCapture } from '@/components/common/ErrorLogCapture';
import { NavigationProgress } from '@/components/common/NavigationProgress';

/**
 * What every page shares, the login page included: error capture and the progress bar. No MUI and
 * no toasts here: the login page draws itself without them; the other pages add MuiProviders.
 */
export function RootProviders({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <ErrorLogCapture />
      <Suspense fallback={null}>
        <NavigationProgress />
      </Suspense>
    </>
  );
}
