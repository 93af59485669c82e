import { assertNewsRights } from '@/lib/auth/class-rights';
import { manageRoute } from '@/lib/http/manage-route';
import { findRevision } from '@/lib/revisions/find-revisions';
import { ZRevisionQuery } from '@/lib/revisions/schemas';

// GET /api/v1/manage/news_manage/get_news_revision?id&rev — 某个历史版本时的内容（与 get_news_one 同形）
export const GET = manageRoute({
  role: 'news_content',
  input: ZRevisionQuery,
  handler: async ({ input, session }) => {
    await assertNewsRights({ session, ids: [input.id] });
    return findRevision(input);
  },
});
