import { deleteClass } from '@/lib/categories/delete-class';
import { ZClassIdInput } from '@/lib/categories/schemas';
import { manageRoute, reply } from '@/lib/http/manage-route';

// DELETE /api/v1/manage/class_manage/del_class body {id} — 删除没有子栏目和内容的栏目
export const DELETE = manageRoute({
  role: 'class_manage',
  input: ZClassIdInput,
  handler: async ({ input }) => reply(await deleteClass(input), '删除成功'),
});
