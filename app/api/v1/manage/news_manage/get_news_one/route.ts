import { assertNewsRights } from '@/lib/auth/class-rights';
import { manageRoute } from '@/lib/http/manage-route';
import { findNewsOne } from '@/lib/news/find-news-one';
import { ZNewsIdInput } from '@/lib/news/schemas';

// GET /api/v1/manage/news_manage/get_news_one?id — 一条内容的全部字段
export const GET = manageRoute({
  role: 'news_content',
  input: ZNewsIdInput,
  handler: async ({ input, session }) => {
    await assertNewsRights({ session, ids: [input.id] });
    return findNewsOne(input);
  },
});
