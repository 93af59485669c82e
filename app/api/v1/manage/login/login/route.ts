import { deviceCookieHeader, trustedDeviceId } from '@/lib/auth/device-cookie';
import { login } from '@/lib/auth/login';
import { pageSessionCookie } from '@/lib/auth/page-session';
import { ZLoginInput } from '@/lib/auth/schemas';
import { manageRoute, reply } from '@/lib/http/manage-route';

// POST /api/v1/manage/login/login {username, password} — 用户名密码登录，返回 token。
// 已开启两步验证的账号答 60206 与 data.ticket，再用 login/login_two_factor 提交验证码。
export const POST = manageRoute({
  isPublic: true,
  input: ZLoginInput,
  handler: async ({ input, ip, userAgent, request, headers }) => {
    const deviceId = await trustedDeviceId({ request, username: input.username });
    const { token, username } = await login({ ...input, ip, userAgent, deviceId });
    headers.append('Set-Cookie', await pageSessionCookie({ token, request }));
    headers.append('Set-Cookie', await deviceCookieHeader({ request, username }));
    return reply({ token }, '登录成功');
  },
});
