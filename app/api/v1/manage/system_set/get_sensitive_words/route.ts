import { manageRoute } from '@/lib/http/manage-route';
import { ZSensitiveWordsQuery } from '@/lib/sensitive/schemas';
import { findSensitiveWords } from '@/lib/sensitive/words';

// GET /api/v1/manage/system_set/get_sensitive_words?page&limit&word&level&list=deny|allow — 敏感词 / 白名单列表
export const GET = manageRoute({
  role: 'system_set',
  input: ZSensitiveWordsQuery,
  handler: ({ input }) => findSensitiveWords(input),
});
