import { trustedDeviceId } from '@/lib/auth/device-cookie';
import { ZTwoFactorCodeInput } from '@/lib/auth/schemas';
import { disableTwoFactor } from '@/lib/auth/two-factor/setup';
import { manageRoute, reply } from '@/lib/http/manage-route';

// POST /api/v1/manage/login/disable_two_factor {code} — 用验证码（或恢复码）关闭自己的两步验证
export const POST = manageRoute({
  input: ZTwoFactorCodeInput,
  handler: async ({ input, session, request }) =>
    reply(
      await disableTwoFactor({
        userId: session.user.id,
        roles: session.user.roles,
        code: input.code,
        deviceId: await trustedDeviceId({ request, username: session.user.username }),
      }),
      '两步验证已关闭',
    ),
});
