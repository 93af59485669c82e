import { assertClassRights } from '@/lib/auth/class-rights';
import { manageRoute } from '@/lib/http/manage-route';
import { importTemplate } from '@/lib/news/import/import-files';
import { ZImportTemplateQuery } from '@/lib/news/import/schemas';

// GET /api/v1/manage/news_manage/get_import_template?class_id — 栏目的导入模板（.xlsx，第二个工作表是各列说明）
export const GET = manageRoute({
  role: 'news_content',
  input: ZImportTemplateQuery,
  handler: async ({ input, session }) => {
    await assertClassRights({ session, classId: input.class_id });
    return importTemplate({ classId: input.class_id });
  },
});
