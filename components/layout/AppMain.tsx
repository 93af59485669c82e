'use client';

import Box from '@mui/material/Box';
import { Activity, useEffect, useRef } from 'react';
import { prefetchCategory } from '@/lib/client/api/news';
import { ViewLoading } from '@/components/common/ViewLoading';
import { VIEW_REGISTRY } from '@/components/views/registry';
import { findRoute, redirectTarget } from '@/lib/routes/match';
import { useTakeFirstScreenPath } from './first-screen-context';
import { RedirectView } from './RedirectView';
import { useSession } from './session-context';
import { useSiteSettings } from './site-settings-context';
import { useTagsView } from './tags-view-context';
import { useActivePath } from './use-active-path';
import { ViewErrorBoundary } from './ViewErrorBoundary';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The active view plus every kept-alive one, hidden (display: none via Activity) but mounted, so a
 * tab keeps its state. A view leaves when its tab closes, or on 刷新, or at once if noCache.
 */
export function AppMain() {
  const activePath = useActivePath();
  const { routes } = useSession();
  const { cached } = useTagsView();
  const target = redirectTarget({ path: activePath });
  const activeRoute = target ? null : findRoute({ routes, path: activePath });
  const paths = [...new Set([...cached, ...(activeRoute?.view ? [activePath] : [])])];
  const { page_size: pageSize } = useSiteSettings();

  // A category whose view is not mounted yet (not kept alive from before): its info and first page
  // are asked for as its path becomes active, while the view's chunk loads, not after the view has
  // mounted. A kept-alive view re-reads its info quietly itself.
  const cachedBefore = useRef<readonly string[]>([]);
  const category = activeRoute?.view === 'news-category' ? activeRoute.category : undefined;
  const classId = category?.classId;
  const isList = category !== undefined && category.classType !== '1';
  // The path of a full page load came with its data from the server (first-screen-context).
  const takeFirstScreenPath = useTakeFirstScreenPath();
  useEffect(() => {
    if (classId === undefined || cachedBefore.current.includes(activePath)) return;
    if (!takeFirstScreenPath(activePath)) prefetchCategory({ classId, isList, limit: pageSize });
  }, [activePath, classId, isList, pageSize, takeFirstScreenPath]);
  useEffect(() => {
    cachedBefore.current = cached;
  }, [cached]);

  return (
    <Box
      component="main"
      id={MAIN_CONTENT_ID}
      tabIndex={-1}
      sx={{ flex: 1, p: { xs: 1.5, md: 2.5 }, outline: 'none' }}
    >
      {target && <RedirectView target={target} />}
      {paths.map((path) => {
        const route = findRoute({ routes, path });
        if (!route?.view) return null;
        const View = VIEW_REGISTRY[route.view];
        return (
          <Activity key={path} mode={path === activePath ? 'visible' : 'hidden'}>
            <ViewErrorBoundary>
              <View route={route} />
            </ViewErrorBoundary>
          </Activity>
        );
      })}
      {!target && !activeRoute?.view && <ViewLoading />}
    </Box>
  );
}
