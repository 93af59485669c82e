'use client';

import { useEffect, useMemo, useState } from 'react';
import { buildSearchItems, createRouteSearch, loadPinyinOf, type PinyinOf } from '@/lib/client/route-search';
import { useSession } from '../session-context';

/** Search over the routes the user may open; null until pinyin-pro has loaded (first open). */
export const useRouteSearch = ({ isEnabled }: { isEnabled: boolean }) => {
  const { routes } = useSession();
  const [pinyinOf, setPinyinOf] = useState<PinyinOf | null>(null);

  useEffect(() => {
    if (!isEnabled || pinyinOf) return;
    let isCurrent = true;
    loadPinyinOf()
      .then((loaded) => isCurrent && setPinyinOf(() => loaded))
      // Without pinyin, titles and paths still match.
      .catch(() => isCurrent && setPinyinOf(() => () => ''));
    return () => {
      isCurrent = false;
    };
  }, [isEnabled, pinyinOf]);

  return useMemo(
    () => (pinyinOf ? createRouteSearch({ items: buildSearchItems({ routes, pinyinOf }) }) : null),
    [routes, pinyinOf],
  );
};
