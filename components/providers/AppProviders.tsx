'use client';

import type { ReactNode } from 'react';
import { ReloginDialogHost } from '@/components/common/ReloginDialogHost';
import type { UiSize } from '@/lib/client/ui-cookies';
import { ThemeRegistry } from './ThemeRegistry';
import { ToastHost } from './ToastHost';
import { UiSizeProvider } from './ui-size-context';

/** What the MUI pages share (all but the login page): theme, size, toasts and the re-login dialog. */
export function AppProviders({ initialSize, children }: { initialSize: UiSize; children: ReactNode }) {
  return (
    <UiSizeProvider initialSize={initialSize}>
      <ThemeRegistry>
        {children}
        <ToastHost />
        <ReloginDialogHost />
      </ThemeRegistry>
    </UiSizeProvider>
  );
}
