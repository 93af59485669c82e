'use client';

import type { ReactNode } from 'react';
import type { UserInfo } from '@/lib/client/api/auth';
import type { FirstScreen } from '@/lib/routes/first-screen';
import type { NewsRouteNode } from '@/lib/routes/news-routes';
import type { SiteSettings } from '@/lib/settings/site-settings';
import { AdminFrame } from './AdminFrame';
import { FirstScreenProvider } from './first-screen-context';
import { LayoutStateProvider } from './layout-state-context';
import { SiteSettingsProvider } from './site-settings-context';
import { SessionProvider } from './session-context';
import { TagsViewProvider } from './tags-view-context';

type AdminShellProps = {
  user: UserInfo;
  siteSettings: SiteSettings;
  newsRouteNodes: readonly NewsRouteNode[];
  /** The content list of a full page load, read by the server (null: none). */
  firstScreen: FirstScreen | null;
  initialSidebarOpened: boolean;
  children: ReactNode;
};

/** The persistent client shell of the admin area; it lives as long as the (admin) layout. */
export function AdminShell({
  user,
  siteSettings,
  newsRouteNodes,
  firstScreen,
  initialSidebarOpened,
  children,
}: AdminShellProps) {
  return (
    <SiteSettingsProvider value={siteSettings}>
      <SessionProvider initialUser={user} newsRouteNodes={newsRouteNodes}>
        <LayoutStateProvider initialSidebarOpened={initialSidebarOpened}>
          <TagsViewProvider>
            <FirstScreenProvider value={firstScreen}>
              <AdminFrame productTitle={siteSettings.title}>{children}</AdminFrame>
            </FirstScreenProvider>
          </TagsViewProvider>
        </LayoutStateProvider>
      </SessionProvider>
    </SiteSettingsProvider>
  );
}
