import { AppRouterCacheProvider } from '@mui/material-nextjs/v16-appRouter';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { parseUiSize, SIZE_COOKIE } from '@/lib/client/ui-cookies';
import { AppProviders } from './AppProviders';

/**
 * The MUI side of a layout (server component): emotion's style cache for the App Router and the
 * app's providers, starting from the `size` cookie so that the first paint matches.
 */
export async function MuiProviders({ children }: { children: ReactNode }) {
  const size = parseUiSize({ raw: (await cookies()).get(SIZE_COOKIE)?.value });
  return (
    <AppRouterCacheProvider options={{ key: 'mui' }}>
      <AppProviders initialSize={size}>{children}</AppProviders>
    </AppRouterCacheProvider>
  );
}
