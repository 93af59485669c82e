import { assertNewsRights } from '@/lib/auth/class-rights';
import { manageRoute } from '@/lib/http/manage-route';
import { findProcessList } from '@/lib/process/find-process';
import { ZProcessListQuery } from '@/lib/process/schemas';

// GET /api/v1/manage/news_manage/get_process_list?id=<内容>&process=<步骤值，可选>&page&limit — 流程记录，最新的在前
// （带 page：该页与总数 {data, total}，limit ≤ 100，默认 100；不带：数组，只含最新的 100 条）
export const GET = manageRoute({
  role: 'news_content',
  input: ZProcessListQuery,
  handler: async ({ input, session }) => {
    await assertNewsRights({ session, ids: [input.id] });
    return findProcessList(input);
  },
});
