import { assertNewsRights } from '@/lib/auth/class-rights';
import { manageRoute } from '@/lib/http/manage-route';
import { diffRevisions } from '@/lib/revisions/diff-revisions';
import { ZDiffRevisionsQuery } from '@/lib/revisions/schemas';

// GET /api/v1/manage/news_manage/diff_news_revisions?id&from&to — 两个版本（或某版本与当前）逐字段的差异
export const GET = manageRoute({
  role: 'news_content',
  input: ZDiffRevisionsQuery,
  handler: async ({ input, session }) => {
    await assertNewsRights({ session, ids: [input.id] });
    return diffRevisions(input);
  },
});
