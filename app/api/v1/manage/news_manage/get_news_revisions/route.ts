import { assertNewsRights } from '@/lib/auth/class-rights';
import { manageRoute } from '@/lib/http/manage-route';
import { findRevisions } from '@/lib/revisions/find-revisions';
import { ZRevisionsQuery } from '@/lib/revisions/schemas';

// GET /api/v1/manage/news_manage/get_news_revisions?id&page&limit — 一条内容的历史版本（新的在前）
export const GET = manageRoute({
  role: 'news_content',
  input: ZRevisionsQuery,
  handler: async ({ input, session }) => {
    await assertNewsRights({ session, ids: [input.id] });
    return findRevisions(input);
  },
});
