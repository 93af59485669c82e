import { classRightsOf } from '@/lib/auth/class-rights';
import { manageRoute, reply } from '@/lib/http/manage-route';
import { revertMessage } from '@/lib/revisions/actions';
import { revertNews } from '@/lib/revisions/revert-news';
import { ZRevertNewsInput } from '@/lib/revisions/schemas';

// POST /api/v1/manage/news_manage/revert_news {id, rev, row_version?, sensitive_confirmed?} — 把内容恢复成某个历史版本
export const POST = manageRoute({
  role: 'news_content',
  input: ZRevertNewsInput,
  handler: async ({ input, session }) => {
    const result = await revertNews({
      id: input.id,
      rev: input.rev,
      rowVersion: input.row_version,
      actorId: session.user.id,
      rights: await classRightsOf(session),
      isConfirmed: input.sensitive_confirmed === true,
    });
    return reply(result, revertMessage({ rev: input.rev, dropped: result.dropped }));
  },
});
