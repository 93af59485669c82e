import 'server-only';
import { getSql } from '@/lib/db/client';
import { buildNewsFilters } from './build-filters';
import { filteredPage, unfilteredPage } from './list-page';
import { classStampSql, withListClass } from './load-class';
import { fromRaw } from './news-row';
import type { TNewsListQuery } from './schemas';
import { toNewsItem } from './to-api';

/**
 * One page of a category's items, newest first (new_time, then id), with the total: one round
 * trip in the usual case (the schema comes from the per-process cache, checked in the same
 * statement; see load-class.ts and list-page.ts).
 */
export const findNewsList = async (query: TNewsListQuery) => {
  const sql = await getSql();
  const offset = (query.page - 1) * query.limit;
  return withListClass(query.class_id, async (category) => {
    const { where, walkWhere, isTitleSearch, isFiltered } = buildNewsFilters({
      classId: category.id,
      query,
      fields: category.schema.list,
    });
    const withContent = category.schema.base_set.content.showlist;
    const args = {
      sql,
      classId: category.id,
      limit: query.limit,
      offset,
      withContent,
      stamp: classStampSql(category.id),
    };
    const rows = isFiltered
      ? await filteredPage({ ...args, where, walkWhere, oneScan: isTitleSearch })
      : await unfilteredPage(args);
    const items = rows.filter((row) => row.id !== null);
    return {
      stamp: rows[0]?.class_stamp ?? null,
      result: {
        data: items.map((row) =>
          toNewsItem({ row: fromRaw(row), fields: category.schema.list, withContent }),
        ),
        total: rows[0]?.total ?? 0,
      },
    };
  });
};
