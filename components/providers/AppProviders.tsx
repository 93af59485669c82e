'use client';

import { SnackbarProvider } from 'notistack';
import { Suspense, type ReactNode } from 'react';
import { ErrorLogCapture } from '@/components/common/ErrorLogCapture';
import { NavigationProgress } from '@/components/common/NavigationProgress';
import { ReloginDialog } from '@/components/common/ReloginDialog';
import { TOAST_MS } from '@/lib/api-client';
import type { UiSize } from '@/lib/client/ui-cookies';
// Chinese wording for zod issues a shared schema did not word itself (forms validate with them too).
import '@/lib/validation/zod-errors';
import { ThemeRegistry } from './ThemeRegistry';
import { UiSizeProvider } from './ui-size-context';

/** Everything every page shares: theme, size, toasts, the re-login dialog, error capture, progress bar. */
export function AppProviders({ initialSize, children }: { initialSize: UiSize; children: ReactNode }) {
  return (
    <UiSizeProvider initialSize={initialSize}>
      <ThemeRegistry>
        <SnackbarProvider
          maxSnack={4}
          autoHideDuration={TOAST_MS}
          preventDuplicate
          anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        >
          {children}
          <ReloginDialog />
          <ErrorLogCapture />
          <Suspense fallback={null}>
            <NavigationProgress />
          </Suspense>
        </SnackbarProvider>
      </ThemeRegistry>
    </UiSizeProvider>
  );
}
