import { classRightsOf } from '@/lib/auth/class-rights';
import { manageRoute, reply } from '@/lib/http/manage-route';
import { moveNews } from '@/lib/news/move-news';
import { ZMoveNewsInput } from '@/lib/news/schemas';

// POST /api/v1/manage/news_manage/move_news {ids, class_id} — 移动到同类型的另一个栏目
export const POST = manageRoute({
  role: 'news_content',
  input: ZMoveNewsInput,
  handler: async ({ input, session }) => {
    const { count } = await moveNews({
      ids: input.ids,
      classId: input.class_id,
      actorId: session.user.id,
      rights: await classRightsOf(session),
    });
    return reply({ count }, `已移动 ${count} 条内容`);
  },
});
