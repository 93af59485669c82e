'use client';

import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { ReloginDialog } from '@/components/common/ReloginDialog';
import { TOAST_MS } from '@/lib/api-client';
import type { UiSize } from '@/lib/client/ui-cookies';
// Chinese wording for zod issues a shared schema did not word itself (forms validate with them too).
import '@/lib/validation/zod-errors';
import { ThemeRegistry } from './ThemeRegistry';
import { UiSizeProvider } from './ui-size-context';

/** What the MUI pages share (all but the login page): theme, size, toasts and the re-login dialog. */
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
        </SnackbarProvider>
      </ThemeRegistry>
    </UiSizeProvider>
  );
}
