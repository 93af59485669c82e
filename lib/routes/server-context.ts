import 'server-only';
import { cache } from 'react';
import { cookies } from 'next/headers';
import { connection } from 'next/server';
import { classRightsOf } from '@/lib/auth/class-rights';
import { PAGE_SESSION_COOKIE, readPageSession } from '@/lib/auth/page-session';
import { findClassRouter } from '@/lib/categories/find-class-router';
import { toSiteSettings } from '@/lib/settings/settings-schema';
import { readSystemSettings } from '@/lib/settings/system-settings';
import { toNewsRouteNodes } from './class-route-nodes';
import { buildRouteTable, type NewsRouteNode } from './news-routes';

// Per-request memoised: the admin layout, its page and generateMetadata all ask within one render.
// connection() keeps `next build` from prerendering these pages, which would open the database.
export const getPageSession = cache(async () => {
  const store = await cookies();
  return readPageSession({ sealed: store.get(PAGE_SESSION_COOKIE)?.value });
});

/** The settings of 系统设置 that pages show (title, logo, login texts, page size, policy…). */
export const getSiteSettings = cache(async () => {
  await connection();
  return toSiteSettings(await readSystemSettings());
});

export const getProductTitle = cache(async () => (await getSiteSettings()).title);

/**
 * /NewsManage's category routes: what get_class_router answers for this request's session (only
 * the categories it may work in), read per request so a category saved in 栏目管理 shows up on
 * the next navigation or router.refresh() without signing out. No session: none.
 */
export const loadNewsRouteNodes = cache(async (): Promise<NewsRouteNode[]> => {
  await connection();
  const session = await getPageSession();
  const rights = session ? await classRightsOf(session) : new Set<number>();
  return toNewsRouteNodes({ entries: await findClassRouter({ rights }) });
});

/** The whole route table for this request's session: the fixed routes and its /NewsManage categories. */
export const loadRouteTable = cache(async () =>
  buildRouteTable({ newsChildren: await loadNewsRouteNodes() }),
);
