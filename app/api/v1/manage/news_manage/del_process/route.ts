import { classRightsOf } from '@/lib/auth/class-rights';
import { manageRoute, reply } from '@/lib/http/manage-route';
import { deleteProcess } from '@/lib/process/delete-process';
import { ZDelProcessInput } from '@/lib/process/schemas';

// DELETE /api/v1/manage/news_manage/del_process body {id} — 删除流程记录（后续步骤仍有记录时拒绝）
export const DELETE = manageRoute({
  role: 'news_content',
  input: ZDelProcessInput,
  handler: async ({ input, session }) =>
    reply(await deleteProcess({ id: input.id, rights: await classRightsOf(session) }), '删除成功'),
});
