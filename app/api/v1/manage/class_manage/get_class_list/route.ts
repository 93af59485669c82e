import { findClassTree } from '@/lib/categories/find-class-tree';
import { manageRoute } from '@/lib/http/manage-route';

// GET /api/v1/manage/class_manage/get_class_list — 栏目树
export const GET = manageRoute({ role: 'class_manage', handler: () => findClassTree() });
