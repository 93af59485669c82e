import { login } from '@/lib/auth/login';
import { pageSessionCookie } from '@/lib/auth/page-session';
import { ZLoginInput } from '@/lib/auth/schemas';
import { manageRoute, reply } from '@/lib/http/manage-route';

// POST /api/v1/manage/login/login — 用户名密码登录，返回 token
export const POST = manageRoute({
  isPublic: true,
  input: ZLoginInput,
  handler: async ({ input, ip, userAgent, request, headers }) => {
    const { token } = await login({ ...input, ip, userAgent });
    headers.append('Set-Cookie', await pageSessionCookie({ token, request }));
    return reply({ token }, '登录成功');
  },
});
