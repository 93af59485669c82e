'use client';

import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  addView,
  EMPTY_TAGS_VIEW,
  evictCachedView,
  followRoutes,
  removeAllViews,
  removeOtherViews,
  removeView,
  withAffixViews,
  type TagsViewState,
} from '@/lib/client/tags-view';
import { findRoute } from '@/lib/routes/match';
import { useSession } from './session-context';
import { useActivePath } from './use-active-path';

type TagsViewValue = TagsViewState & {
  /** Each returns the state after the change, so callers can pick where to navigate. */
  closeView: (path: string) => TagsViewState;
  closeOtherViews: (path: string) => TagsViewState;
  closeAllViews: () => TagsViewState;
  evictView: (path: string) => void;
  resetViews: () => void;
};

const TagsViewContext = createContext<TagsViewValue | null>(null);

/** Visited views (the tag bar) and kept-alive views; every navigation adds the route it lands on. */
export function TagsViewProvider({ children }: { children: ReactNode }) {
  const { routes } = useSession();
  const activePath = useActivePath();
  // Built from the first path on the server too, so the first paint already shows the tags.
  const [state, setState] = useState<TagsViewState>(() => {
    const route = findRoute({ routes, path: activePath });
    const initial = withAffixViews({ state: EMPTY_TAGS_VIEW, routes });
    return route?.view ? addView({ state: initial, route }) : initial;
  });

  useEffect(() => {
    const route = findRoute({ routes, path: activePath });
    setState((previous) => {
      const withAffix = withAffixViews({ state: followRoutes({ state: previous, routes }), routes });
      return route?.view ? addView({ state: withAffix, route }) : withAffix;
    });
  }, [routes, activePath]);

  const value = useMemo<TagsViewValue>(() => {
    // Computed from the current render's state so the caller gets the result synchronously.
    const apply = (next: TagsViewState) => {
      setState(next);
      return next;
    };
    return {
      ...state,
      closeView: (path) => apply(removeView({ state, path })),
      closeOtherViews: (path) => apply(removeOtherViews({ state, path })),
      closeAllViews: () => apply(removeAllViews({ state })),
      evictView: (path) => setState((previous) => evictCachedView({ state: previous, path })),
      resetViews: () => setState(EMPTY_TAGS_VIEW),
    };
  }, [state]);

  return <TagsViewContext value={value}>{children}</TagsViewContext>;
}

export const useTagsView = () => {
  const value = useContext(TagsViewContext);
  if (!value) throw new Error('useTagsView must be used inside TagsViewProvider');
  return value;
};
