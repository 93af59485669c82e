import type { Metadata, Viewport } from 'next';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { AppRouterCacheProvider } from '@mui/material-nextjs/v16-appRouter';
import { AppProviders } from '@/components/providers/AppProviders';
import { parseUiSize, SIZE_COOKIE } from '@/lib/client/ui-cookies';
import { getProductTitle } from '@/lib/routes/server-context';

export async function generateMetadata(): Promise<Metadata> {
  return { title: await getProductTitle() };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const size = parseUiSize({ raw: (await cookies()).get(SIZE_COOKIE)?.value });
  return (
    <html lang="zh-CN">
      <body>
        <AppRouterCacheProvider options={{ key: 'mui' }}>
          <AppProviders initialSize={size}>{children}</AppProviders>
        </AppRouterCacheProvider>
      </body>
    </html>
  );
}
