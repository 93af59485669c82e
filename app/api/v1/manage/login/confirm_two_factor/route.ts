import { ZTwoFactorCodeInput } from '@/lib/auth/schemas';
import { confirmTwoFactorSetup } from '@/lib/auth/two-factor/setup';
import { codeTryOf } from '@/lib/auth/two-factor/verify';
import { manageRoute, reply } from '@/lib/http/manage-route';

// POST /api/v1/manage/login/confirm_two_factor {code} — 用新密钥的验证码开启两步验证，返回恢复码（只显示这一次）
export const POST = manageRoute({
  isOpenBeforeTwoFactor: true,
  input: ZTwoFactorCodeInput,
  handler: async ({ input, session, request }) =>
    reply(
      await confirmTwoFactorSetup({ ...(await codeTryOf({ session, request, code: input.code })) }),
      '两步验证已开启',
    ),
});
