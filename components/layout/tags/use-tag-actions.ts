'use client';

import { useAppRouter } from '@/components/common/use-app-router';
import { lastViewPath, type TagsViewState } from '@/lib/client/tags-view';
import { REDIRECT_PREFIX } from '@/lib/routes/match';
import { useTagsView } from '../tags-view-context';
import { useActivePath } from '../use-active-path';

/** 刷新 / 关闭 / 关闭其他 / 关闭所有, including where to go when the open view was closed. */
export const useTagActions = () => {
  const tags = useTagsView();
  const router = useAppRouter();
  const activePath = useActivePath();

  const leaveIfClosed = ({ state }: { state: TagsViewState }) => {
    if (!state.visited.some((view) => view.path === activePath)) router.push(lastViewPath({ state }));
  };

  return {
    refresh: (path: string) => router.replace(`${REDIRECT_PREFIX}${path}`),
    close: (path: string) => leaveIfClosed({ state: tags.closeView(path) }),
    closeOthers: (path: string) => {
      tags.closeOtherViews(path);
      if (path !== activePath) router.push(path);
    },
    closeAll: () => leaveIfClosed({ state: tags.closeAllViews() }),
  };
};
