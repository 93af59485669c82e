import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { AdminShell } from '@/components/layout/AdminShell';
import { MuiProviders } from '@/components/providers/MuiProviders';
import { parseSidebarOpened, SIDEBAR_COOKIE } from '@/lib/client/ui-cookies';
import { getPageSession, getSiteSettings, loadNewsRouteNodes } from '@/lib/routes/server-context';

/**
 * The signed-in area. Without a live page session nothing of the shell is rendered: the page
 * below (which, unlike a layout, knows the requested path) redirects to /login?redirect=<path>.
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const session = await getPageSession();
  if (!session) return <MuiProviders>{children}</MuiProviders>;

  const [siteSettings, newsRouteNodes, cookieStore] = await Promise.all([
    getSiteSettings(),
    loadNewsRouteNodes(),
    cookies(),
  ]);
  const { name, avatar, introduction, roles, username } = session.user;
  return (
    <MuiProviders>
      <AdminShell
        user={{ name, avatar, introduction, roles, username }}
        siteSettings={siteSettings}
        newsRouteNodes={newsRouteNodes}
        initialSidebarOpened={parseSidebarOpened({ raw: cookieStore.get(SIDEBAR_COOKIE)?.value })}
      >
        {children}
      </AdminShell>
    </MuiProviders>
  );
}
