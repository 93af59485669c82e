import { classRightsOf } from '@/lib/auth/class-rights';
import { findHomeOverview } from '@/lib/home/find-home-overview';
import { manageRoute } from '@/lib/http/manage-route';

// GET /api/v1/manage/news_manage/get_home_overview — 首页概览：各栏目内容数与 7 天内更新数、流程各步骤内容数、最近修改、回收站数、含敏感词的内容
export const GET = manageRoute({
  role: 'news_content',
  handler: async ({ session }) => findHomeOverview({ rights: await classRightsOf(session) }),
});
