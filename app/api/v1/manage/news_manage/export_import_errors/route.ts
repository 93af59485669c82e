import { manageRoute } from '@/lib/http/manage-route';
import { badRowsFile } from '@/lib/news/import/import-files';
import { importBadRows } from '@/lib/news/import/import-jobs';
import { ZImportJobQuery } from '@/lib/news/import/schemas';

// GET /api/v1/manage/news_manage/export_import_errors?job — 导入的错误行（.xlsx，多一列「错误」）
export const GET = manageRoute({
  role: 'news_content',
  input: ZImportJobQuery,
  handler: async ({ input, session }) =>
    badRowsFile(importBadRows({ id: input.job, userId: session.user.id })),
});
