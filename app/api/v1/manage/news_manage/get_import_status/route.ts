import { manageRoute } from '@/lib/http/manage-route';
import { importStatus } from '@/lib/news/import/import-jobs';
import { ZImportJobQuery } from '@/lib/news/import/schemas';

// GET /api/v1/manage/news_manage/get_import_status?job — 导入任务的进度（done / total）与结果
export const GET = manageRoute({
  role: 'news_content',
  input: ZImportJobQuery,
  handler: async ({ input, session }) => importStatus({ id: input.job, userId: session.user.id }),
});
