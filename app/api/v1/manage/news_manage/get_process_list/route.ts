import { assertNewsRights } from '@/lib/auth/class-rights';
import { manageRoute } from '@/lib/http/manage-route';
import { findProcessList } from '@/lib/process/find-process';
import { ZProcessItemQuery } from '@/lib/process/schemas';

// GET /api/v1/manage/news_manage/get_process_list?id=<内容>&process=<步骤值，可选> — 流程记录，最新的在前
export const GET = manageRoute({
  role: 'news_content',
  input: ZProcessItemQuery,
  handler: async ({ input, session }) => {
    await assertNewsRights({ session, ids: [input.id] });
    return findProcessList(input);
  },
});
