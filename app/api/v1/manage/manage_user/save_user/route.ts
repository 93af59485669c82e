import { manageRoute, reply } from '@/lib/http/manage-route';
import { saveUser } from '@/lib/users/save-user';
import { ZSaveUserInput } from '@/lib/users/schemas';

// POST /api/v1/manage/manage_user/save_user — 新增（无 id，须带 password）或编辑管理员用户
export const POST = manageRoute({
  role: 'manage_user',
  input: ZSaveUserInput,
  handler: async ({ input, session }) =>
    reply(await saveUser({ input, actor: session }), input.id ? '用户已保存' : '用户已创建'),
});
