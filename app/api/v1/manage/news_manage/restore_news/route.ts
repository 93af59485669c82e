import { classRightsOf } from '@/lib/auth/class-rights';
import { manageRoute, reply } from '@/lib/http/manage-route';
import { restoreNews } from '@/lib/recycle/restore-news';
import { ZRestoreNewsInput } from '@/lib/recycle/schemas';

// POST /api/v1/manage/news_manage/restore_news {ids, class_id?} — 从回收站恢复（全部成功或全部不恢复）
export const POST = manageRoute({
  role: 'news_content',
  input: ZRestoreNewsInput,
  handler: async ({ input, session }) => {
    const { count } = await restoreNews({
      ids: input.ids,
      classId: input.class_id,
      rights: await classRightsOf(session),
    });
    return reply({ count }, count > 1 ? `已恢复 ${count} 条内容` : '已恢复');
  },
});
