import { manageRoute } from '@/lib/http/manage-route';
import { findMySessions } from '@/lib/users/my-sessions';

// GET /api/v1/manage/login/get_my_sessions — 自己的有效登录（设备、IP、最近活动，is_current 为当前）
export const GET = manageRoute({
  isOpenBeforeTwoFactor: true,
  handler: ({ session }) => findMySessions({ userId: session.user.id, sessionId: session.sessionId }),
});
