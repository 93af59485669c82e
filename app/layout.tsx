import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { ColorSchemeScripts } from '@/components/providers/ColorSchemeScripts';
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
    // The pre-paint scripts set the colour scheme's class (and the theme colour) on <html>: in
    // <head>, so they have run before the parser reaches anything of <body> that could be painted.
    <html lang="zh-CN" suppressHydrationWarning>
      <head>
        <ColorSchemeScripts />
      </head>
      <body>
        <RootProviders>{children}</RootProviders>
      </body>
    </html>
  );
}
