import { assertClassRights } from '@/lib/auth/class-rights';
import { manageRoute } from '@/lib/http/manage-route';
import { ZCheckSensitiveInput } from '@/lib/sensitive/schemas';
import { checkSensitive } from '@/lib/sensitive/scan';

// POST /api/v1/manage/news_manage/check_sensitive {class_id, …save_news_info 的字段} — 检测敏感词（不保存）
export const POST = manageRoute({
  role: 'news_content',
  input: ZCheckSensitiveInput,
  handler: async ({ input, session }) => {
    await assertClassRights({ session, classId: input.class_id });
    return checkSensitive(input);
  },
});
