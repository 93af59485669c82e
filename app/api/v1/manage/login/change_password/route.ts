import { changePassword } from '@/lib/auth/change-password';
import { ZChangePasswordInput } from '@/lib/auth/schemas';
import { manageRoute, reply } from '@/lib/http/manage-route';

// POST /api/v1/manage/login/change_password — 修改自己的密码，其他会话随即失效
export const POST = manageRoute({
  isOpenBeforeTwoFactor: true,
  input: ZChangePasswordInput,
  handler: async ({ input, session }) => {
    await changePassword({ ...input, userId: session.user.id, sessionId: session.sessionId });
    return reply(null, '密码修改成功');
  },
});
