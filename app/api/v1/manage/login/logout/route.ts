import { clearPageSessionCookie } from '@/lib/auth/page-session';
import { logout } from '@/lib/auth/logout';
import { manageRoute, reply } from '@/lib/http/manage-route';
import { tokenFrom } from '@/lib/http/request-info';

// POST /api/v1/manage/login/logout — 退出登录，token 立即失效。幂等：无效的 token 也清除页面会话 cookie。
export const POST = manageRoute({
  isPublic: true,
  handler: async ({ request, headers }) => {
    await logout({ token: tokenFrom(request) });
    headers.append('Set-Cookie', clearPageSessionCookie({ request }));
    return reply(null, '已退出登录');
  },
});
