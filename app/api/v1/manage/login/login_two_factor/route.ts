import { deviceCookieHeader, trustedDeviceId } from '@/lib/auth/device-cookie';
import { loginWithSecondFactor } from '@/lib/auth/login';
import { pageSessionCookie } from '@/lib/auth/page-session';
import { ZLoginTwoFactorInput } from '@/lib/auth/schemas';
import { manageRoute, reply } from '@/lib/http/manage-route';

// POST /api/v1/manage/login/login_two_factor {ticket, code} — 两步验证登录的第二步：
// ticket 来自 login/login 的 60206 回答，code 为验证器的 6 位验证码或一个恢复码。返回 token。
export const POST = manageRoute({
  isPublic: true,
  input: ZLoginTwoFactorInput,
  handler: async ({ input, ip, userAgent, request, headers }) => {
    const { token, username } = await loginWithSecondFactor({
      ...input,
      ip,
      userAgent,
      // A browser with a device cookie of this user has its own code counter (lib/auth/throttle.ts).
      trustedDevice: (name) => trustedDeviceId({ request, username: name }),
    });
    headers.append('Set-Cookie', await pageSessionCookie({ token, request }));
    headers.append('Set-Cookie', await deviceCookieHeader({ request, username }));
    return reply({ token }, '登录成功');
  },
});
