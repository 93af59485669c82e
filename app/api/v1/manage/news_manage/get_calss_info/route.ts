import { assertClassRights } from '@/lib/auth/class-rights';
import { findClassInfo } from '@/lib/categories/find-class-info';
import { ZClassIdInput } from '@/lib/categories/schemas';
import { manageRoute } from '@/lib/http/manage-route';

// GET /api/v1/manage/news_manage/get_calss_info?id — 内容管理页所需的栏目信息（路径沿用规格的拼写）
export const GET = manageRoute({
  role: 'news_content',
  input: ZClassIdInput,
  handler: async ({ input, session }) => {
    await assertClassRights({ session, classId: input.id });
    return findClassInfo(input);
  },
});
