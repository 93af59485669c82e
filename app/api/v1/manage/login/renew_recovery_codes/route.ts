import { ZTwoFactorCodeInput } from '@/lib/auth/schemas';
import { renewRecoveryCodes } from '@/lib/auth/two-factor/setup';
import { codeTryOf } from '@/lib/auth/two-factor/verify';
import { manageRoute, reply } from '@/lib/http/manage-route';

// POST /api/v1/manage/login/renew_recovery_codes {code} — 重新生成恢复码（旧的随即失效），只显示这一次
export const POST = manageRoute({
  input: ZTwoFactorCodeInput,
  handler: async ({ input, session, request }) =>
    reply(
      await renewRecoveryCodes({ ...(await codeTryOf({ session, request, code: input.code })) }),
      '已生成新的恢复码',
    ),
});
