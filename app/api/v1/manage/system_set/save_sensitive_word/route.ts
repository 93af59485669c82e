import { manageRoute, reply } from '@/lib/http/manage-route';
import { ZSaveSensitiveWordInput } from '@/lib/sensitive/schemas';
import { saveSensitiveWord } from '@/lib/sensitive/words';

// POST /api/v1/manage/system_set/save_sensitive_word {id?, word, level, replacement?, note?, list?} — 新增或修改敏感词 / 白名单词语
export const POST = manageRoute({
  role: 'system_set',
  input: ZSaveSensitiveWordInput,
  handler: async ({ input }) => reply(await saveSensitiveWord(input), input.id ? '保存成功' : '添加成功'),
});
