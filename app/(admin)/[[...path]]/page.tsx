import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { isTwoFactorRequired } from '@/lib/auth/two-factor/policy';
import { findRoute, pathFromSegments } from '@/lib/routes/match';
import { resolveAdminPath } from '@/lib/routes/resolve';
import { loginPathFor } from '@/lib/routes/safe-redirect';
import { getPageSession, getProductTitle, loadRouteTable } from '@/lib/routes/server-context';
import { HOME_PATH } from '@/lib/routes/table';

type PageProps = {
  params: Promise<{ path?: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const queryString = (query: Record<string, string | string[] | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value])
      params.append(key, item);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const path = pathFromSegments({ segments: (await params).path });
  const [productTitle, routes] = await Promise.all([getProductTitle(), loadRouteTable()]);
  const route = findRoute({ routes, path });
  return { title: route ? `${route.title} - ${productTitle}` : productTitle };
}

// Where a user whom 系统设置 requires to use two-factor may go before setting it up.
const BEFORE_TWO_FACTOR = ['/myinfo/index', '/myinfo/changepwd', '/logout'];

/**
 * The server-side guard of every admin path, run on each navigation (the layout above persists):
 * no session → /login?redirect=…, '/' → /home, unknown → /404, missing role → /401, two-factor
 * required by a role but not set up → 个人中心 (the API refuses such a user everything else too).
 * The view itself is drawn by the client shell, which keeps visited views alive.
 */
export default async function AdminPage({ params, searchParams }: PageProps) {
  const path = pathFromSegments({ segments: (await params).path });
  // Before the session lookup: the bare root needs no database round trip.
  if (path === '/') redirect(HOME_PATH);

  const session = await getPageSession();
  if (!session) redirect(loginPathFor({ path: `${path}${queryString(await searchParams)}` }));

  const resolution = resolveAdminPath({ path, roles: session.user.roles, routes: await loadRouteTable() });
  if (resolution.kind === 'redirect') redirect(resolution.to);
  if (
    !session.user.hasTwoFactor &&
    !BEFORE_TWO_FACTOR.includes(path) &&
    (await isTwoFactorRequired({ roles: session.user.roles }))
  ) {
    redirect(BEFORE_TWO_FACTOR[0]);
  }
  return null;
}
