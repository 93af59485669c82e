import { assertClassRights } from '@/lib/auth/class-rights';
import { manageRoute } from '@/lib/http/manage-route';
import { findClassInfoRevisions } from '@/lib/revisions/class-info-revisions';
import { ZRevisionsQuery } from '@/lib/revisions/schemas';

// GET /api/v1/manage/news_manage/get_class_info_revisions?id&page&limit — 单页栏目的历史版本（id 为栏目的）
export const GET = manageRoute({
  role: 'news_content',
  input: ZRevisionsQuery,
  handler: async ({ input, session }) => {
    await assertClassRights({ session, classId: input.id });
    return findClassInfoRevisions(input);
  },
});
