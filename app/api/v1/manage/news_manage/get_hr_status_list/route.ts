import { assertClassRights } from '@/lib/auth/class-rights';
import { manageRoute } from '@/lib/http/manage-route';
import { findHrStatusList } from '@/lib/process/class-stats';
import { ZProcessClassQuery } from '@/lib/process/schemas';

// GET /api/v1/manage/news_manage/get_hr_status_list?class_id — 各流程步骤上的内容数：[{value, title, count}]，先是 0 未开始
export const GET = manageRoute({
  role: 'news_content',
  input: ZProcessClassQuery,
  handler: async ({ input, session }) => {
    await assertClassRights({ session, classId: input.class_id });
    return findHrStatusList({ classId: input.class_id });
  },
});
