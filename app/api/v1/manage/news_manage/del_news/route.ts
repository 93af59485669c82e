import { classRightsOf } from '@/lib/auth/class-rights';
import { manageRoute, reply } from '@/lib/http/manage-route';
import { deleteNews } from '@/lib/news/delete-news';
import { ZDelNewsInput } from '@/lib/news/schemas';

// DELETE /api/v1/manage/news_manage/del_news body {id} 或 {ids: [...]} — 移到回收站（批量时全部成功或全部不删）
export const DELETE = manageRoute({
  role: 'news_content',
  input: ZDelNewsInput,
  handler: async ({ input, session }) => {
    const { count } = await deleteNews({ ids: input, rights: await classRightsOf(session) });
    return reply({ count }, count > 1 ? `已将 ${count} 条内容移到回收站` : '已移到回收站');
  },
});
