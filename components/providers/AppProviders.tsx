'use client';

import type { ReactNode } from 'react';
import { ReloginDialog } from '@/components/common/ReloginDialog';
import type { UiSize } from '@/lib/client/ui-cookies';
// Chinese wording for zod issues a shared schema did not word itself (forms validate with them too).
import '@/lib/validation/zod-errors';
import { ThemeRegistry } from './ThemeRegistry';
import { UiSizeProvider } from './ui-size-context';

/** What the MUI pages share (all but the login page): theme, size and the re-login dialog. */
export function AppProviders({ initialSize, children }: { initialSize: UiSize; children: ReactNode }) {
  return (
    <UiSizeProvider initialSize={initialSize}>
      <ThemeRegistry>
        {children}
        <ReloginDialog />
      </ThemeRegistry>
    </UiSizeProvider>
  );
}
