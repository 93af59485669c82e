import { assertClassRights } from '@/lib/auth/class-rights';
import { manageRoute } from '@/lib/http/manage-route';
import { findProcessFlow } from '@/lib/process/class-stats';
import { ZProcessClassQuery } from '@/lib/process/schemas';

// GET /api/v1/manage/news_manage/get_process_flow?class_id — 流程图：[{value, title, count, median_seconds}]
export const GET = manageRoute({
  role: 'news_content',
  input: ZProcessClassQuery,
  handler: async ({ input, session }) => {
    await assertClassRights({ session, classId: input.class_id });
    return findProcessFlow({ classId: input.class_id });
  },
});
