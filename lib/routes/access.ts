import { hasAnyRole } from '@/lib/auth/roles';
import type { AppRoute } from './types';

/** The routes a user may open: admin sees all, others need a shared role; children filtered alike. */
export const filterRoutesByRoles = ({
  routes,
  roles,
}: {
  routes: readonly AppRoute[];
  roles: readonly string[];
}): AppRoute[] =>
  routes
    .filter((route) => hasAnyRole({ roles, required: route.roles }))
    .map((route) =>
      route.children ? { ...route, children: filterRoutesByRoles({ routes: route.children, roles }) } : route,
    );
