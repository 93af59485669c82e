import { manageRoute } from '@/lib/http/manage-route';
import { findMySessions } from '@/lib/users/my-sessions';
import { ZMySessionsQuery } from '@/lib/users/schemas';

// GET /api/v1/manage/login/get_my_sessions?page&limit — 自己的有效登录（设备、IP、最近活动，is_current 为当前），
// 分页：{data, total}，当前登录排第一，其余按最近活动；limit 默认 10，最多 100
export const GET = manageRoute({
  isOpenBeforeTwoFactor: true,
  input: ZMySessionsQuery,
  handler: ({ input, session }) =>
    findMySessions({ userId: session.user.id, sessionId: session.sessionId, ...input }),
});
