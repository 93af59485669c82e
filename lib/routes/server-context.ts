import 'server-only';
import { cache } from 'react';
import { cookies } from 'next/headers';
import { connection } from 'next/server';
import { PAGE_SESSION_COOKIE, readPageSession } from '@/lib/auth/page-session';
import { readSystemSettings } from '@/lib/settings/system-settings';
import type { NewsRouteNode } from './news-routes';

// Per-request memoised: the admin layout, its page and generateMetadata all ask within one render.
// connection() keeps `next build` from prerendering these pages, which would open the database.
export const getPageSession = cache(async () => {
  const store = await cookies();
  return readPageSession({ sealed: store.get(PAGE_SESSION_COOKIE)?.value });
});

export const getProductTitle = cache(async () => {
  await connection();
  return (await readSystemSettings()).title;
});

/**
 * /NewsManage's category routes. The categories issue fills this from the category service;
 * until then there are none, so every /NewsManage/<key> is a 404.
 */
export const loadNewsRouteNodes = cache(async (): Promise<NewsRouteNode[]> => []);
