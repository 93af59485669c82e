import { assertClassRights } from '@/lib/auth/class-rights';
import { manageRoute } from '@/lib/http/manage-route';
import { exportNews } from '@/lib/news/export-news';
import { ZNewsListQuery } from '@/lib/news/schemas';

// GET /api/v1/manage/news_manage/export_news?<与列表相同的筛选条件> — 导出全部匹配内容为 .xlsx（流式）
export const GET = manageRoute({
  role: 'news_content',
  input: ZNewsListQuery,
  handler: async ({ input, session }) => {
    await assertClassRights({ session, classId: input.class_id });
    return exportNews({ query: input });
  },
});
