'use client';

import { findRoute } from '@/lib/routes/match';
import { useSession } from '../session-context';
import { useActivePath } from '../use-active-path';

/** The menu path to highlight: the current route's activeMenu, else its own path. */
export const useSelectedMenu = () => {
  const { routes } = useSession();
  const activePath = useActivePath();
  return findRoute({ routes, path: activePath })?.activeMenu ?? activePath;
};

export const isWithin = ({ path, selected }: { path: string; selected: string }) =>
  selected === path || selected.startsWith(`${path}/`);
