import { assertClassRights } from '@/lib/auth/class-rights';
import { manageRoute, reply } from '@/lib/http/manage-route';
import { receiveImport } from '@/lib/news/import/import-files';
import { startImport } from '@/lib/news/import/import-jobs';
import { ZImportNewsFields } from '@/lib/news/import/schemas';
import { closeOnRefusal } from '@/lib/uploads/close-on-refusal';

// POST /api/v1/manage/news_manage/import_news — 从 .xlsx / .csv 导入内容（multipart：file、class_id、mapping、mode、on_error、key、allow_repeat）
// No input schema: the wrapper must not read the body, the service streams it.
export const POST = closeOnRefusal(
  manageRoute({
    role: 'news_content',
    handler: async ({ request, session }) => {
      const { fields, file } = await receiveImport({ request });
      const query = Object.fromEntries(new URL(request.url).searchParams);
      const input = ZImportNewsFields.parse({ ...query, ...fields });
      await assertClassRights({ session, classId: input.class_id });
      const result = await startImport({
        classId: input.class_id,
        fileName: file.name,
        bytes: file.bytes,
        mapping: input.mapping,
        mode: input.mode,
        onError: input.on_error,
        key: input.key,
        allowRepeat: input.allow_repeat === true,
        isConfirmed: input.sensitive_confirmed === true,
        actor: { id: session.user.id, name: session.user.name },
        userId: session.user.id,
        isBackground: input.background === true,
      });
      if (result.state !== 'done') return reply(result, '文件较大，正在后台导入');
      const done = result as Extract<typeof result, { committed: boolean }>;
      return reply(
        result,
        done.committed
          ? `导入完成：新增 ${done.created} 条，更新 ${done.updated} 条${done.skipped ? `，跳过 ${done.skipped} 行` : ''}`
          : `预检完成：共 ${done.total} 行，${done.errors_total ? `${done.skipped} 行有错误` : '没有发现错误'}`,
      );
    },
  }),
);
