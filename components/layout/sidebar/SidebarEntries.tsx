'use client';

import type { AppRoute } from '@/lib/routes/types';
import { SidebarGroup } from './SidebarGroup';
import { SidebarLink } from './SidebarLink';

type SidebarEntriesProps = {
  routes: readonly AppRoute[];
  depth: number;
  isCollapsed: boolean;
  selected: string;
};

/**
 * One level of the menu: routes with visible children fold, the rest link to their page. Each entry
 * is an item of the level's list (<li>), so a screen reader announces the menu as a list.
 */
export function SidebarEntries({ routes, depth, isCollapsed, selected }: SidebarEntriesProps) {
  return routes
    .filter((route) => !route.hidden)
    .map((route) => {
      const hasChildren = (route.children ?? []).some((child) => !child.hidden);
      if (!hasChildren && !route.view) return null;
      return (
        <li key={route.path}>
          {hasChildren ? (
            <SidebarGroup route={route} depth={depth} isCollapsed={isCollapsed} selected={selected} />
          ) : (
            <SidebarLink
              route={route}
              depth={depth}
              isCollapsed={isCollapsed}
              isSelected={route.path === selected}
            />
          )}
        </li>
      );
    });
}
