import { assertClassRights, assertNewsRights } from '@/lib/auth/class-rights';
import { manageRoute, reply } from '@/lib/http/manage-route';
import { saveNews } from '@/lib/news/save-news';
import { ZSaveNewsInput } from '@/lib/news/schemas';

// POST /api/v1/manage/news_manage/save_news_info — 新增（无 id）或修改内容
export const POST = manageRoute({
  role: 'news_content',
  input: ZSaveNewsInput,
  handler: async ({ input, session }) => {
    // An edit: the item's own category too (save refuses an item that is not in class_id anyway).
    await assertClassRights({ session, classId: input.class_id });
    if (input.id) await assertNewsRights({ session, ids: [input.id] });
    return reply(
      await saveNews({ input, actor: { id: session.user.id, name: session.user.name } }),
      input.id ? '保存成功' : '添加成功',
    );
  },
});
