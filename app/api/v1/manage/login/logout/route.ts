import { clearPageSessionCookie } from '@/lib/auth/page-session';
import { RevokeReason, revokeSession } from '@/lib/auth/session';
import { manageRoute, reply } from '@/lib/http/manage-route';

// POST /api/v1/manage/login/logout — 退出登录，token 立即失效
export const POST = manageRoute({
  handler: async ({ session, request, headers }) => {
    await revokeSession({ sessionId: session.sessionId, reason: RevokeReason.logout });
    headers.append('Set-Cookie', clearPageSessionCookie({ request }));
    return reply(null, '已退出登录');
  },
});
