import { classRightsOf } from '@/lib/auth/class-rights';
import { manageRoute, reply } from '@/lib/http/manage-route';
import { saveProcess } from '@/lib/process/save-process';
import { ZSaveProcessInput } from '@/lib/process/schemas';

// POST /api/v1/manage/news_manage/save_process {id?, news_id, process, title, time, remark?, attachments?} — 新增或修改流程记录
export const POST = manageRoute({
  role: 'news_content',
  input: ZSaveProcessInput,
  handler: async ({ input, session }) => {
    const rights = await classRightsOf(session);
    return reply(
      await saveProcess({ input, actorId: session.user.id, rights }),
      input.id ? '保存成功' : '添加成功',
    );
  },
});
