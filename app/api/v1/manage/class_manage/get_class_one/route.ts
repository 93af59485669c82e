import { findClassOne } from '@/lib/categories/find-class-one';
import { ZClassIdInput } from '@/lib/categories/schemas';
import { manageRoute } from '@/lib/http/manage-route';

// GET /api/v1/manage/class_manage/get_class_one?id — 一个栏目的全部设置
export const GET = manageRoute({
  role: 'class_manage',
  input: ZClassIdInput,
  handler: ({ input }) => findClassOne(input),
});
