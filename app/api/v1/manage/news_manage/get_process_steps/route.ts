import { assertNewsRights } from '@/lib/auth/class-rights';
import { manageRoute } from '@/lib/http/manage-route';
import { findProcessSteps } from '@/lib/process/find-process';
import { ZProcessItemQuery } from '@/lib/process/schemas';

// GET /api/v1/manage/news_manage/get_process_steps?id=<内容> — 流程步骤：[{id: 步骤值, content: 步骤名称, timestamp: 最新记录的时间(秒) | null}]
export const GET = manageRoute({
  role: 'news_content',
  input: ZProcessItemQuery,
  handler: async ({ input, session }) => {
    await assertNewsRights({ session, ids: [input.id] });
    return findProcessSteps({ id: input.id });
  },
});
