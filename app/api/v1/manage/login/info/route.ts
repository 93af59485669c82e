import { manageRoute } from '@/lib/http/manage-route';

// GET /api/v1/manage/login/info — 当前登录用户信息（token 取自 X-Token 或查询参数 token）
export const GET = manageRoute({
  isTokenQueryAllowed: true,
  isOpenBeforeTwoFactor: true,
  handler: async ({ session }) => {
    const { name, avatar, introduction, roles, username } = session.user;
    return { name, avatar, introduction, roles, username };
  },
});
