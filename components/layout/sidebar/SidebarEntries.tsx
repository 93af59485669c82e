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

/** One level of the menu: routes with visible children fold, the rest link to their page. */
export function SidebarEntries({ routes, depth, isCollapsed, selected }: SidebarEntriesProps) {
  return routes
    .filter((route) => !route.hidden)
    .map((route) => {
      const hasChildren = (route.children ?? []).some((child) => !child.hidden);
      if (hasChildren)
        return (
          <SidebarGroup
            key={route.path}
            route={route}
            depth={depth}
            isCollapsed={isCollapsed}
            selected={selected}
          />
        );
      if (!route.view) return null;
      return (
        <SidebarLink
          key={route.path}
          route={route}
          depth={depth}
          isCollapsed={isCollapsed}
          isSelected={route.path === selected}
        />
      );
    });
}
