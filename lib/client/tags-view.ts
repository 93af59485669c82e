import { findRoute, flattenViewRoutes } from '@/lib/routes/match';
import type { AppRoute } from '@/lib/routes/types';

export type VisitedView = { path: string; title: string; isAffix: boolean };
/** `cached` holds the paths whose view instance stays mounted while hidden (keep-alive). */
export type TagsViewState = { visited: readonly VisitedView[]; cached: readonly string[] };

export const EMPTY_TAGS_VIEW: TagsViewState = { visited: [], cached: [] };

const toView = ({ route }: { route: AppRoute }): VisitedView => ({
  path: route.path,
  title: route.title,
  isAffix: Boolean(route.affix),
});

export const addView = ({ state, route }: { state: TagsViewState; route: AppRoute }): TagsViewState => {
  const visited = state.visited.some((view) => view.path === route.path)
    ? state.visited
    : [...state.visited, toView({ route })];
  const cached =
    route.noCache || state.cached.includes(route.path) ? state.cached : [...state.cached, route.path];
  return visited === state.visited && cached === state.cached ? state : { visited, cached };
};

/** Pinned views first, in table order, ahead of whatever is already open (not mounted until visited). */
export const withAffixViews = ({
  state,
  routes,
}: {
  state: TagsViewState;
  routes: readonly AppRoute[];
}): TagsViewState => {
  const missing = flattenViewRoutes({ routes })
    .map(({ route }) => route)
    .filter((route) => route.affix && !state.visited.some((view) => view.path === route.path));
  return missing.length === 0
    ? state
    : { ...state, visited: [...missing.map((route) => toView({ route })), ...state.visited] };
};

/**
 * Follows a new route table (the category menu is re-read after a category is renamed, hidden or
 * deleted): a tag whose path no longer has a page closes, and a renamed one takes the new title.
 */
export const followRoutes = ({
  state,
  routes,
}: {
  state: TagsViewState;
  routes: readonly AppRoute[];
}): TagsViewState => {
  let changed = false;
  const visited: VisitedView[] = [];
  for (const view of state.visited) {
    const route = findRoute({ routes, path: view.path });
    if (!route?.view) {
      changed = true;
      continue;
    }
    if (route.title !== view.title) {
      changed = true;
      visited.push({ ...view, title: route.title });
    } else visited.push(view);
  }
  if (!changed) return state;
  const kept = new Set(visited.map((view) => view.path));
  return { visited, cached: state.cached.filter((cached) => kept.has(cached)) };
};

export const removeView = ({ state, path }: { state: TagsViewState; path: string }): TagsViewState => {
  const target = state.visited.find((view) => view.path === path);
  if (!target || target.isAffix) return state;
  return {
    visited: state.visited.filter((view) => view.path !== path),
    cached: state.cached.filter((cached) => cached !== path),
  };
};

export const removeOtherViews = ({ state, path }: { state: TagsViewState; path: string }): TagsViewState => {
  const visited = state.visited.filter((view) => view.isAffix || view.path === path);
  const kept = new Set(visited.map((view) => view.path));
  return { visited, cached: state.cached.filter((cached) => kept.has(cached)) };
};

export const removeAllViews = ({ state }: { state: TagsViewState }): TagsViewState => {
  const visited = state.visited.filter((view) => view.isAffix);
  const kept = new Set(visited.map((view) => view.path));
  return { visited, cached: state.cached.filter((cached) => kept.has(cached)) };
};

/** Drops only the kept-alive instance, so the next visit builds the view afresh (刷新). */
export const evictCachedView = ({ state, path }: { state: TagsViewState; path: string }): TagsViewState =>
  state.cached.includes(path)
    ? { ...state, cached: state.cached.filter((cached) => cached !== path) }
    : state;

/** Where to go after the active view was closed: the last open view, else '/'. */
export const lastViewPath = ({ state }: { state: TagsViewState }) => state.visited.at(-1)?.path ?? '/';
