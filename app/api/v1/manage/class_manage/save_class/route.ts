import { saveClass } from '@/lib/categories/save-class';
import { ZSaveClassInput } from '@/lib/categories/schemas';
import { manageRoute, reply } from '@/lib/http/manage-route';

// POST /api/v1/manage/class_manage/save_class — 新增（无 id）或修改栏目
export const POST = manageRoute({
  role: 'class_manage',
  input: ZSaveClassInput,
  handler: async ({ input }) => reply(await saveClass(input), input.id ? '栏目已保存' : '栏目已创建'),
});
