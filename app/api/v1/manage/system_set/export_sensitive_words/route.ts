import { manageRoute } from '@/lib/http/manage-route';
import { exportSensitiveWords } from '@/lib/sensitive/export-words';
import { ZExportSensitiveWordsQuery } from '@/lib/sensitive/schemas';

// GET /api/v1/manage/system_set/export_sensitive_words?list=deny|allow — 导出为 .csv（导入的格式）
export const GET = manageRoute({
  role: 'system_set',
  input: ZExportSensitiveWordsQuery,
  handler: ({ input }) => exportSensitiveWords(input),
});
