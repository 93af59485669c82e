import { sortClass } from '@/lib/categories/sort-class';
import { ZSortClassInput } from '@/lib/categories/schemas';
import { manageRoute, reply } from '@/lib/http/manage-route';

// POST /api/v1/manage/class_manage/sort_class body {id, parent_id, sort} — 移动或排序栏目
export const POST = manageRoute({
  role: 'class_manage',
  input: ZSortClassInput,
  handler: async ({ input }) => reply(await sortClass(input), '排序已保存'),
});
