import { manageRoute, reply } from '@/lib/http/manage-route';
import { importSensitiveWords } from '@/lib/sensitive/import-words';
import { closeOnRefusal } from '@/lib/uploads/close-on-refusal';

// POST /api/v1/manage/system_set/import_sensitive_words — 导入 .txt / .csv（multipart：file，list=deny|allow，level 为未写级别的行的级别）
// No input schema: the wrapper must not read the body, the service streams it.
export const POST = closeOnRefusal(
  manageRoute({
    role: 'system_set',
    handler: async ({ request }) => {
      const result = await importSensitiveWords({ request });
      return reply(
        result,
        `已导入 ${result.added} 个词语${result.skipped_total ? `，跳过 ${result.skipped_total} 行` : ''}`,
      );
    },
  }),
);
