import { manageRoute, reply } from '@/lib/http/manage-route';
import { endMySession } from '@/lib/users/my-sessions';
import { ZSessionIdInput } from '@/lib/users/schemas';

// POST /api/v1/manage/login/end_my_session {id} — 结束自己的另一个登录（他人的 id 答 404）
export const POST = manageRoute({
  isOpenBeforeTwoFactor: true,
  input: ZSessionIdInput,
  handler: async ({ input, session }) =>
    reply(
      await endMySession({ id: input.id, userId: session.user.id, sessionId: session.sessionId }),
      '已结束该登录',
    ),
});
