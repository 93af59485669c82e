import Fuse from 'fuse.js';
import { flattenViewRoutes } from '@/lib/routes/match';
import type { AppRoute } from '@/lib/routes/types';

export type RouteSearchItem = {
  path: string;
  /** Shown in the results: ancestors joined, e.g. '内容管理 > 新闻'. */
  label: string;
  /** What the title key matches: the titles plus their pinyin spelled out and as initials. */
  title: string[];
};

export type PinyinOf = (options: { text: string; isInitials: boolean }) => string;

// Spec section 9: threshold 0.4, title weighs 0.7 and path 0.3.
const FUSE_OPTIONS = {
  shouldSort: true,
  threshold: 0.4,
  minMatchCharLength: 1,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
};

const SEARCH_LIMIT = 10;

export const buildSearchItems = ({
  routes,
  pinyinOf,
}: {
  routes: readonly AppRoute[];
  pinyinOf: PinyinOf;
}): RouteSearchItem[] =>
  flattenViewRoutes({ routes }).map(({ route, titles }) => {
    const label = titles.join(' > ');
    const fulls = titles.map((text) => pinyinOf({ text, isInitials: false }));
    const initials = titles.map((text) => pinyinOf({ text, isInitials: true }));
    return {
      path: route.path,
      label,
      title: [label, ...titles, ...fulls, ...initials, fulls.join(''), initials.join('')],
    };
  });

/** A search function over the routes the user may open (menu titles, pinyin, paths). */
export const createRouteSearch = ({ items }: { items: readonly RouteSearchItem[] }) => {
  const fuse = new Fuse(items, FUSE_OPTIONS);
  return ({ query }: { query: string }) => {
    const text = query.trim().toLowerCase().replace(/\s+/g, '');
    return text ? fuse.search(text, { limit: SEARCH_LIMIT }).map((result) => result.item) : [];
  };
};

/** pinyin-pro weighs ~300 KB, so it is fetched when the search first opens. */
export const loadPinyinOf = async (): Promise<PinyinOf> => {
  const { pinyin } = await import('pinyin-pro');
  return ({ text, isInitials }) =>
    pinyin(text, {
      toneType: 'none',
      type: 'array',
      nonZh: 'consecutive',
      ...(isInitials ? { pattern: 'first' as const } : {}),
    })
      .join('')
      .replace(/\s+/g, '')
      .toLowerCase();
};
