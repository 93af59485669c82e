import { assertClassRights, classRightsOf } from '@/lib/auth/class-rights';
import { manageRoute } from '@/lib/http/manage-route';
import { ZScanSensitiveInput } from '@/lib/sensitive/schemas';
import { scanSensitive } from '@/lib/sensitive/scan';

// POST /api/v1/manage/news_manage/scan_sensitive {class_id?, after_id?, limit?} — 按 id 顺序分批检查已有内容的敏感词
export const POST = manageRoute({
  role: 'news_content',
  input: ZScanSensitiveInput,
  handler: async ({ input, session }) => {
    if (input.class_id) await assertClassRights({ session, classId: input.class_id });
    return scanSensitive({ input, rights: input.class_id ? null : await classRightsOf(session) });
  },
});
