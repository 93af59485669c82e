import { assertClassAccess } from '@/lib/auth/class-access';
import { manageRoute } from '@/lib/http/manage-route';
import { findOutOptions, ZOutOptionsQuery } from '@/lib/news/find-out-options';

// GET /api/v1/manage/news_manage/get_out_options?class_id&keyword — 关联选择（out_auto）的选项：另一栏目的内容
export const GET = manageRoute({
  role: 'news_content',
  input: ZOutOptionsQuery,
  handler: async ({ input, session }) => {
    await assertClassAccess({ session, classId: input.class_id });
    return findOutOptions(input);
  },
});
