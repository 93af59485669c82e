import { assertClassRights } from '@/lib/auth/class-rights';
import { manageRoute } from '@/lib/http/manage-route';
import { findNewsList } from '@/lib/news/find-news-list';
import { ZNewsListQuery } from '@/lib/news/schemas';

// GET /api/v1/manage/news_manage/get_news_list?page&limit&class_id&title&…&<可搜索字段> — 内容列表
export const GET = manageRoute({
  role: 'news_content',
  input: ZNewsListQuery,
  handler: async ({ input, session }) => {
    await assertClassRights({ session, classId: input.class_id });
    return findNewsList(input);
  },
});
