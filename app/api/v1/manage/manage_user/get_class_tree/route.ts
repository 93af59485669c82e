import { manageRoute } from '@/lib/http/manage-route';
import { findClassOptions } from '@/lib/users/find-class-options';

// GET /api/v1/manage/manage_user/get_class_tree — 栏目树（id、名称），供用户表单选择栏目权限
export const GET = manageRoute({ role: 'manage_user', handler: () => findClassOptions() });
