import { ZTwoFactorCodeInput } from '@/lib/auth/schemas';
import { disableTwoFactor } from '@/lib/auth/two-factor/setup';
import { codeTryOf } from '@/lib/auth/two-factor/verify';
import { manageRoute, reply } from '@/lib/http/manage-route';

// POST /api/v1/manage/login/disable_two_factor {code} — 用验证码（或恢复码）关闭自己的两步验证
export const POST = manageRoute({
  input: ZTwoFactorCodeInput,
  handler: async ({ input, session, request }) =>
    reply(
      await disableTwoFactor({
        ...(await codeTryOf({ session, request, code: input.code })),
        roles: session.user.roles,
      }),
      '两步验证已关闭',
    ),
});
