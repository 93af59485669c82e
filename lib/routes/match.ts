import type { AppRoute } from './types';

export const REDIRECT_PREFIX = '/redirect';

/** The route for `path` with its ancestors (outermost first), or null when no route has that path. */
export const findRouteChain = ({
  routes,
  path,
}: {
  routes: readonly AppRoute[];
  path: string;
}): AppRoute[] | null => {
  for (const route of routes) {
    if (route.path === path) return [route];
    const inner = route.children ? findRouteChain({ routes: route.children, path }) : null;
    if (inner) return [route, ...inner];
  }
  return null;
};

export const findRoute = ({ routes, path }: { routes: readonly AppRoute[]; path: string }) =>
  findRouteChain({ routes, path })?.at(-1) ?? null;

/** Every route with a page, depth first, each with its ancestors' titles (for search and the home page). */
export const flattenViewRoutes = ({
  routes,
  parents = [],
}: {
  routes: readonly AppRoute[];
  parents?: readonly string[];
}) => {
  const out: { route: AppRoute; titles: string[] }[] = [];
  for (const route of routes) {
    if (route.hidden) continue;
    const titles = [...parents, route.title];
    if (route.view) out.push({ route, titles });
    if (route.children) out.push(...flattenViewRoutes({ routes: route.children, parents: titles }));
  }
  return out;
};

/** /redirect/system/set → /system/set; null for any other path. */
export const redirectTarget = ({ path }: { path: string }) =>
  path === REDIRECT_PREFIX || path.startsWith(`${REDIRECT_PREFIX}/`)
    ? path.slice(REDIRECT_PREFIX.length) || '/'
    : null;

/** Path segments as Next hands them (decoded) → the path as the route table spells it. */
export const pathFromSegments = ({ segments }: { segments: readonly string[] | undefined }) =>
  `/${(segments ?? []).map((segment) => encodeURIComponent(segment)).join('/')}`;

const safeDecode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** One spelling for a browser pathname, whether the router hands it encoded or decoded. */
export const normalisePath = ({ path }: { path: string }) =>
  path
    .split('/')
    .map((s) => encodeURIComponent(safeDecode(s)))
    .join('/');
