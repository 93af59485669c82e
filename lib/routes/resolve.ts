import { hasAnyRole } from '@/lib/auth/roles';
import { findRouteChain, redirectTarget } from './match';
import { HOME_PATH } from './table';
import type { AppRoute } from './types';

export type AdminPathResolution =
  | { kind: 'redirect'; to: string }
  | { kind: 'refresh'; target: string }
  | { kind: 'view'; chain: AppRoute[] };

/**
 * What a signed-in user gets at `path`: '/' → /home, unknown → /404, a role they lack → /401.
 * /redirect/<path> is let through; the target is checked when the shell navigates to it.
 */
export const resolveAdminPath = ({
  path,
  roles,
  routes,
}: {
  path: string;
  roles: readonly string[];
  routes: readonly AppRoute[];
}): AdminPathResolution => {
  if (path === '/') return { kind: 'redirect', to: HOME_PATH };
  const target = redirectTarget({ path });
  if (target) return { kind: 'refresh', target };
  const chain = findRouteChain({ routes, path });
  if (!chain?.at(-1)?.view) return { kind: 'redirect', to: '/404' };
  if (!chain.every((route) => hasAnyRole({ roles, required: route.roles })))
    return { kind: 'redirect', to: '/401' };
  return { kind: 'view', chain };
};
