import { manageRoute, reply } from '@/lib/http/manage-route';
import { deleteUser } from '@/lib/users/delete-user';
import { ZUserIdInput } from '@/lib/users/schemas';

// DELETE /api/v1/manage/manage_user/del_user body {id} — 删除管理员用户，其登录随即失效
export const DELETE = manageRoute({
  role: 'manage_user',
  input: ZUserIdInput,
  handler: async ({ input, session }) =>
    reply(await deleteUser({ id: input.id, actor: session }), '删除成功'),
});
