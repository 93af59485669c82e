import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { RootProviders } from '@/components/providers/RootProviders';
import { getProductTitle } from '@/lib/routes/server-context';

export async function generateMetadata(): Promise<Metadata> {
  return { title: await getProductTitle() };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

// MUI (theme, emotion's cache, size) comes with the layouts of the pages that use it — (admin),
// (auth) and not-found — so the login page, which does not, never loads it.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="zh-CN">
      <body>
        <RootProviders>{children}</RootProviders>
      </body>
    </html>
  );
}
