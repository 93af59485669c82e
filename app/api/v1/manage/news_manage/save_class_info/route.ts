import { assertClassRights } from '@/lib/auth/class-rights';
import { z } from '@/lib/validation/z';
import { saveClassInfo } from '@/lib/categories/save-class-info';
import { manageRoute, reply } from '@/lib/http/manage-route';
import { ZSensitiveConfirmed } from '@/lib/sensitive/schemas';
import { zId } from '@/lib/validation/integers';

const ZSaveClassInfoInput = z.looseObject({ id: zId(), sensitive_confirmed: ZSensitiveConfirmed });

// POST /api/v1/manage/news_manage/save_class_info {id, …values, sensitive_confirmed?} — 保存单页栏目的表单
export const POST = manageRoute({
  role: 'news_content',
  input: ZSaveClassInfoInput,
  handler: async ({ input, session }) => {
    await assertClassRights({ session, classId: input.id });
    const { id, sensitive_confirmed: isConfirmed, ...values } = input;
    return reply(
      await saveClassInfo({ id, values, actorName: session.user.name, isConfirmed: isConfirmed === true }),
      '保存成功',
    );
  },
});
