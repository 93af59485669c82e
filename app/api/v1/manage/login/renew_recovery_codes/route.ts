import { trustedDeviceId } from '@/lib/auth/device-cookie';
import { ZTwoFactorCodeInput } from '@/lib/auth/schemas';
import { renewRecoveryCodes } from '@/lib/auth/two-factor/setup';
import { manageRoute, reply } from '@/lib/http/manage-route';

// POST /api/v1/manage/login/renew_recovery_codes {code} — 重新生成恢复码（旧的随即失效），只显示这一次
export const POST = manageRoute({
  input: ZTwoFactorCodeInput,
  handler: async ({ input, session, request }) =>
    reply(
      await renewRecoveryCodes({
        userId: session.user.id,
        code: input.code,
        deviceId: await trustedDeviceId({ request, username: session.user.username }),
      }),
      '已生成新的恢复码',
    ),
});
