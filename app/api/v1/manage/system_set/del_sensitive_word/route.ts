import { manageRoute, reply } from '@/lib/http/manage-route';
import { ZDelSensitiveWordsInput } from '@/lib/sensitive/schemas';
import { deleteSensitiveWords } from '@/lib/sensitive/words';

// DELETE /api/v1/manage/system_set/del_sensitive_word body {id} 或 {ids: [...]} — 删除词语（批量时全部成功或全部不删）
export const DELETE = manageRoute({
  role: 'system_set',
  input: ZDelSensitiveWordsInput,
  handler: async ({ input }) => {
    const { count } = await deleteSensitiveWords(input);
    return reply({ count }, count > 1 ? `已删除 ${count} 个词语` : '删除成功');
  },
});
