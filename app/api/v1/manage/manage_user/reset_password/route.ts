import { manageRoute, reply } from '@/lib/http/manage-route';
import { resetPassword } from '@/lib/users/reset-password';
import { ZResetPasswordInput } from '@/lib/users/schemas';

// POST /api/v1/manage/manage_user/reset_password {id, password} — 重置他人密码，其登录随即失效
export const POST = manageRoute({
  role: 'manage_user',
  input: ZResetPasswordInput,
  handler: async ({ input, session }) =>
    reply(await resetPassword({ ...input, actor: session }), '密码已重置，该用户需用新密码重新登录'),
});
