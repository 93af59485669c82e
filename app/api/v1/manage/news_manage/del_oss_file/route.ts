import { manageRoute, reply } from '@/lib/http/manage-route';
import { deleteUploadedFile } from '@/lib/uploads/delete-uploaded-file';
import { ZDeleteFileInput } from '@/lib/uploads/schemas';

// POST /api/v1/manage/news_manage/del_oss_file — 删除上传的文件 {name}（URL 的最后一段）
export const POST = manageRoute({
  // manage_user too: the user form uploads avatars through the same widget.
  role: ['news_content', 'manage_user'],
  input: ZDeleteFileInput,
  handler: async ({ input }) => {
    await deleteUploadedFile(input);
    return reply(null, '删除成功');
  },
});
