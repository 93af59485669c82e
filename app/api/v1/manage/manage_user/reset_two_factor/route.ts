import { manageRoute, reply } from '@/lib/http/manage-route';
import { resetTwoFactor } from '@/lib/users/reset-two-factor';
import { ZUserIdInput } from '@/lib/users/schemas';

// POST /api/v1/manage/manage_user/reset_two_factor {id} — 重置他人的两步验证（手机丢失时），其登录随即失效
export const POST = manageRoute({
  role: 'manage_user',
  input: ZUserIdInput,
  handler: async ({ input, session }) =>
    reply(
      await resetTwoFactor({ id: input.id, actor: session }),
      '两步验证已重置，该用户需重新登录并重新设置',
    ),
});
