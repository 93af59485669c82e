import { classRightsOf } from '@/lib/auth/class-rights';
import { manageRoute } from '@/lib/http/manage-route';
import { findRecycleList } from '@/lib/recycle/find-recycle-list';
import { ZRecycleListQuery } from '@/lib/recycle/schemas';

// GET /api/v1/manage/news_manage/get_recycle_list?class_id&page&limit&title — 回收站列表（最近删除的在前）
export const GET = manageRoute({
  role: 'news_content',
  input: ZRecycleListQuery,
  handler: async ({ input, session }) =>
    findRecycleList({ query: input, rights: await classRightsOf(session) }),
});
