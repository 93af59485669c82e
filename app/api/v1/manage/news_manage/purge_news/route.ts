import { classRightsOf } from '@/lib/auth/class-rights';
import { manageRoute, reply } from '@/lib/http/manage-route';
import { purgeNews } from '@/lib/recycle/purge-news';
import { ZPurgeNewsInput } from '@/lib/recycle/schemas';

// DELETE /api/v1/manage/news_manage/purge_news {ids} — 彻底删除回收站中的内容（全部成功或全部不删）
export const DELETE = manageRoute({
  role: 'news_purge',
  input: ZPurgeNewsInput,
  handler: async ({ input, session }) => {
    const { count } = await purgeNews({ ids: input.ids, rights: await classRightsOf(session) });
    return reply({ count }, count > 1 ? `已彻底删除 ${count} 条内容` : '已彻底删除');
  },
});
