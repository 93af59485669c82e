import { manageRoute, reply } from '@/lib/http/manage-route';
import { deleteUploadedFile } from '@/lib/uploads/delete-uploaded-file';
import { UPLOAD_ROLES } from '@/lib/uploads/kinds';
import { ZDeleteFileInput } from '@/lib/uploads/schemas';

// POST /api/v1/manage/news_manage/del_oss_file — 删除上传的文件 {name}（URL 的最后一段）
export const POST = manageRoute({
  // Whoever uploads may remove from their forms (内容管理, the avatar, the logo); which file a
  // caller may delete is the service's rule (lib/uploads/delete-rule.ts).
  role: UPLOAD_ROLES,
  input: ZDeleteFileInput,
  handler: async ({ input, session }) => {
    const { isKept } = await deleteUploadedFile({ name: input.name, session });
    // Still used somewhere: the caller's reference is theirs to drop, the file stays for now.
    return isKept ? reply({ kept: true }, '已移除，文件仍在使用中，暂不删除') : reply(null, '删除成功');
  },
});
