import { manageRoute } from '@/lib/http/manage-route';
import { findUserList } from '@/lib/users/find-user-list';
import { ZUserListQuery } from '@/lib/users/schemas';

// GET /api/v1/manage/manage_user/get_user_list?page&limit&keyword — 管理员用户列表（从不含密码）
export const GET = manageRoute({
  role: 'manage_user',
  input: ZUserListQuery,
  handler: ({ input }) => findUserList(input),
});
