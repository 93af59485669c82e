import { assertClassRights } from '@/lib/auth/class-rights';
import { manageRoute, reply } from '@/lib/http/manage-route';
import { revertMessage } from '@/lib/revisions/actions';
import { revertClassInfo } from '@/lib/revisions/class-info-revisions';
import { ZRevertClassInfoInput } from '@/lib/revisions/schemas';

// POST /api/v1/manage/news_manage/revert_class_info {id, rev, sensitive_confirmed?} — 把单页栏目恢复成某个历史版本
export const POST = manageRoute({
  role: 'news_content',
  input: ZRevertClassInfoInput,
  handler: async ({ input, session }) => {
    await assertClassRights({ session, classId: input.id });
    const result = await revertClassInfo({
      id: input.id,
      rev: input.rev,
      isConfirmed: input.sensitive_confirmed === true,
    });
    return reply(result, revertMessage({ rev: input.rev, dropped: result.dropped }));
  },
});
