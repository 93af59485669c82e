import 'server-only';
import { headers } from 'next/headers';
import { assertClassRights } from '@/lib/auth/class-rights';
import type { AuthSession } from '@/lib/auth/session';
import { isTwoFactorRequired } from '@/lib/auth/two-factor/policy';
import { findClassInfo } from '@/lib/categories/find-class-info';
import { logger } from '@/lib/logger';
import { findNewsList } from '@/lib/news/find-news-list';
import { ZNewsListQuery } from '@/lib/news/schemas';
import type { ClassInfo } from '@/lib/categories/to-api';
import type { NewsListAnswer } from '@/lib/news/item-types';
import { PAGE_PATH_HEADER } from '@/lib/http/server-handoff.js';
import { normalisePath } from './match';
import { resolveAdminPath } from './resolve';
import type { AppRoute } from './types';

/**
 * What a content list's first screen shows, read while the page itself is rendered on the server
 * so that its rows are in the HTML: the category's info (get_calss_info) and, for a list (not a
 * single page), page 1 of its unfiltered items (get_news_list) at the page size of 系统设置.
 */
export type FirstScreen = {
  path: string;
  classId: number;
  info: ClassInfo;
  firstPage: { limit: number; answer: NewsListAnswer } | null;
};

// The answers as the API sends them: plain JSON, nothing the client could not have received.
const asJson = <T>(value: unknown) => JSON.parse(JSON.stringify(value)) as T;

/**
 * The first screen of the requested path when it is a category of /NewsManage that this session
 * may open — the same checks as the page's guard and the two API calls (role, rights, two-factor
 * required by 系统设置) — else null, and the view loads its data from the browser as after a
 * client-side navigation. A failure here is logged and also leaves it to the browser.
 */
export const loadFirstScreen = async ({
  session,
  routes,
  pageSize,
}: {
  session: AuthSession;
  routes: readonly AppRoute[];
  pageSize: number;
}): Promise<FirstScreen | null> => {
  const raw = (await headers()).get(PAGE_PATH_HEADER);
  if (!raw) return null;
  const path = normalisePath({ path: raw });
  const resolution = resolveAdminPath({ path, roles: session.user.roles, routes });
  if (resolution.kind !== 'view') return null;
  const route = resolution.chain.at(-1);
  const category = route?.view === 'news-category' ? route.category : undefined;
  if (!category) return null;
  if (!session.user.hasTwoFactor && (await isTwoFactorRequired({ roles: session.user.roles }))) return null;
  try {
    const classId = category.classId;
    await assertClassRights({ session, classId });
    const isList = category.classType !== '1';
    const [info, answer] = await Promise.all([
      findClassInfo({ id: classId }),
      isList ? findNewsList(ZNewsListQuery.parse({ class_id: classId, page: 1, limit: pageSize })) : null,
    ]);
    return {
      path,
      classId,
      info: asJson<ClassInfo>(info),
      firstPage: answer ? { limit: pageSize, answer: asJson<NewsListAnswer>(answer) } : null,
    };
  } catch (error) {
    // A category deleted meanwhile (404) or rights taken away (403): the browser's own calls
    // will show that as they would have anyway.
    logger.warn({ err: error, path }, '首屏数据未能在服务器读取，改由浏览器读取');
    return null;
  }
};
