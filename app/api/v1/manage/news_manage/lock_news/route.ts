import { classRightsOf } from '@/lib/auth/class-rights';
import { manageRoute, reply } from '@/lib/http/manage-route';
import { lockNews } from '@/lib/news/lock-news';
import { ZLockNewsInput } from '@/lib/news/schemas';

// POST /api/v1/manage/news_manage/lock_news {id, is_lock} — 锁定或解锁
export const POST = manageRoute({
  role: 'news_content',
  input: ZLockNewsInput,
  handler: async ({ input, session }) => {
    const rights = await classRightsOf(session);
    await lockNews({ id: input.id, isLock: input.is_lock, actorId: session.user.id, rights });
    return reply(null, input.is_lock ? '已锁定' : '已解锁');
  },
});
