import { manageRoute } from '@/lib/http/manage-route';
import { findOutOptions, ZOutOptionsQuery } from '@/lib/news/find-out-options';
import { assertOutOptionsRights } from '@/lib/news/out-options-rights';

// GET /api/v1/manage/news_manage/get_out_options?class_id&keyword&ids&limit&for_class_id&field —
// 关联选择（out_auto）的选项：另一栏目的内容（仅标题与 id）。for_class_id 与 field 为正在编辑的栏目及其关联字段：
// 仅限部分栏目的编辑可借此读取该字段所指栏目的选项。
export const GET = manageRoute({
  role: 'news_content',
  input: ZOutOptionsQuery,
  handler: async ({ input, session }) => {
    await assertOutOptionsRights({
      session,
      classId: input.class_id,
      forClassId: input.for_class_id,
      field: input.field,
    });
    return findOutOptions(input);
  },
});
