import { classRightsOf } from '@/lib/auth/class-rights';
import { findClassRouter } from '@/lib/categories/find-class-router';
import { manageRoute } from '@/lib/http/manage-route';

// GET /api/v1/manage/class_manage/get_class_router — 「内容管理」菜单（可见且有权限的栏目）
export const GET = manageRoute({
  role: 'news_content',
  handler: async ({ session }) => findClassRouter({ rights: await classRightsOf(session) }),
});
