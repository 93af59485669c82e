import { manageRoute, reply } from '@/lib/http/manage-route';
import { closeOnRefusal } from '@/lib/uploads/close-on-refusal';
import { uploadOneFile } from '@/lib/uploads/upload-one-file';

// POST /api/v1/manage/news_manage/upload_one_file — 上传一个文件（multipart：kind 放在查询串或 file 之前）。
// No input schema: the wrapper must not read the body, the service streams it.
export const POST = closeOnRefusal(
  manageRoute({
    // manage_user too: the user form uploads avatars through the same widget.
    role: ['news_content', 'manage_user'],
    handler: async ({ request, session }) =>
      reply(await uploadOneFile({ request, userId: session.user.id }), '上传成功'),
  }),
);
