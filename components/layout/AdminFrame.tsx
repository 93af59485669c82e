'use client';

import Box from '@mui/material/Box';
import dynamic from 'next/dynamic';
import { useEffect, useState, type ReactNode } from 'react';
import { useHasBeenTrue } from '@/components/common/use-has-been-true';
import { useLayoutSettings } from '@/components/layout/settings-store';
import { notePath } from '@/lib/client/document-entry';
import { AppMain, MAIN_CONTENT_ID } from './AppMain';
import { Navbar } from './navbar/Navbar';
import { Sidebar } from './sidebar/Sidebar';
import { SkipLink } from './SkipLink';
import { TagsView } from './tags/TagsView';
import { useActivePath } from './use-active-path';
import { useClientGuard } from './use-client-guard';
import { useDeviceWatch } from './use-device-watch';

// The layout settings drawer (and its colour picker) loads when first opened.
const SettingsDrawer = dynamic(() => import('./SettingsDrawer').then((module) => module.SettingsDrawer), {
  ssr: false,
});

/** Sidebar | navbar + tag bar over the kept-alive views, with the settings drawer on the right. */
export function AdminFrame({ productTitle, children }: { productTitle: string; children: ReactNode }) {
  useClientGuard();
  useDeviceWatch();
  const activePath = useActivePath();
  useEffect(() => notePath(activePath), [activePath]);
  const { tagsView, fixedHeader } = useLayoutSettings();
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);
  const hasSettings = useHasBeenTrue(isSettingsOpen);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <Sidebar productTitle={productTitle} />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Box
          data-testid="admin-header"
          data-fixed={fixedHeader ? 'true' : 'false'}
          sx={fixedHeader ? { position: 'sticky', top: 0, zIndex: 'appBar' } : undefined}
        >
          <Navbar onOpenSettings={() => setIsSettingsOpen(true)} />
          {tagsView && <TagsView />}
        </Box>
        <AppMain />
        {/* The route's page segment: it only guards (server side) and renders nothing itself. */}
        {children}
      </Box>
      {hasSettings && <SettingsDrawer isOpen={isSettingsOpen} onClose={() => setIsSettingsOpen(false)} />}
    </Box>
  );
}
