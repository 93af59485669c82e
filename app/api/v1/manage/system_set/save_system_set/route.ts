import { manageRoute, reply } from '@/lib/http/manage-route';
import { saveSystemSettings } from '@/lib/settings/system-settings';
import { ZSystemSettings } from '@/lib/settings/settings-schema';

// POST /api/v1/manage/system_set/save_system_set — 保存系统设置（全部设置项，任一不合规则都不保存）
export const POST = manageRoute({
  role: 'system_set',
  input: ZSystemSettings,
  handler: async ({ input }) => reply(await saveSystemSettings(input), '系统设置已保存'),
});
