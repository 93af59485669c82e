import { manageRoute } from '@/lib/http/manage-route';
import { readSystemSettings } from '@/lib/settings/system-settings';

// GET /api/v1/manage/system_set/get_system_set — 读取系统设置（全部设置项）
export const GET = manageRoute({
  role: 'system_set',
  handler: () => readSystemSettings(),
});
