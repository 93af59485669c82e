'use client';

import type { ReactNode } from 'react';
import type { UserInfo } from '@/lib/client/auth-api';
import type { NewsRouteNode } from '@/lib/routes/news-routes';
import type { SiteSettings } from '@/lib/settings/site-settings';
import { AdminFrame } from './AdminFrame';
import { LayoutStateProvider } from './layout-state-context';
import { SiteSettingsProvider } from './site-settings-context';
import { SessionProvider } from './session-context';
import { TagsViewProvider } from './tags-view-context';

type AdminShellProps = {
  user: UserInfo;
  siteSettings: SiteSettings;
  newsRouteNodes: readonly NewsRouteNode[];
  initialSidebarOpened: boolean;
  children: ReactNode;
};

/** The persistent client shell of the admin area; it lives as long as the (admin) layout. */
export function AdminShell({
  user,
  siteSettings,
  newsRouteNodes,
  initialSidebarOpened,
  children,
}: AdminShellProps) {
  return (
    <SiteSettingsProvider value={siteSettings}>
      <SessionProvider initialUser={user} newsRouteNodes={newsRouteNodes}>
        <LayoutStateProvider initialSidebarOpened={initialSidebarOpened}>
          <TagsViewProvider>
            <AdminFrame productTitle={siteSettings.title}>{children}</AdminFrame>
          </TagsViewProvider>
        </LayoutStateProvider>
      </SessionProvider>
    </SiteSettingsProvider>
  );
}
