import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { AdminShell } from '@/components/layout/AdminShell';
import { MuiProviders } from '@/components/providers/MuiProviders';
import { parseSidebarOpened, SIDEBAR_COOKIE } from '@/lib/client/ui-cookies';
import { loadFirstScreen } from '@/lib/routes/first-screen';
import {
  getPageSession,
  getSiteSettings,
  loadNewsRouteNodes,
  loadRouteTable,
} from '@/lib/routes/server-context';

/**
 * The signed-in area. Without a live page session nothing of the shell is rendered: the page
 * below (which, unlike a layout, knows the requested path) redirects to /login?redirect=<path>.
 * A content list's first data is read here for the path server/server.mjs names in a header
 * (lib/routes/first-screen.ts); the layout is rendered on full page loads and router.refresh().
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const session = await getPageSession();
  if (!session) return <MuiProviders>{children}</MuiProviders>;

  const [siteSettings, newsRouteNodes, routes, cookieStore] = await Promise.all([
    getSiteSettings(),
    loadNewsRouteNodes(),
    loadRouteTable(),
    cookies(),
  ]);
  // A content list opened by a full page load (e.g. right after signing in) arrives with its rows
  // in the HTML instead of asking for them once the scripts have run.
  const firstScreen = await loadFirstScreen({ session, routes, pageSize: siteSettings.page_size });
  const { name, avatar, introduction, roles, username } = session.user;
  return (
    <MuiProviders>
      <AdminShell
        user={{ name, avatar, introduction, roles, username }}
        siteSettings={siteSettings}
        newsRouteNodes={newsRouteNodes}
        firstScreen={firstScreen}
        initialSidebarOpened={parseSidebarOpened({ raw: cookieStore.get(SIDEBAR_COOKIE)?.value })}
      >
        {children}
      </AdminShell>
    </MuiProviders>
  );
}
