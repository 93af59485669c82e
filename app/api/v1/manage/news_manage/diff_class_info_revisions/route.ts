import { assertClassRights } from '@/lib/auth/class-rights';
import { manageRoute } from '@/lib/http/manage-route';
import { diffClassInfoRevisions } from '@/lib/revisions/class-info-revisions';
import { ZDiffRevisionsQuery } from '@/lib/revisions/schemas';

// GET /api/v1/manage/news_manage/diff_class_info_revisions?id&from&to — 单页栏目两个版本（或与当前）的差异
export const GET = manageRoute({
  role: 'news_content',
  input: ZDiffRevisionsQuery,
  handler: async ({ input, session }) => {
    await assertClassRights({ session, classId: input.id });
    return diffClassInfoRevisions(input);
  },
});
