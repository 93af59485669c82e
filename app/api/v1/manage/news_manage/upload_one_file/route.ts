import { manageRoute, reply } from '@/lib/http/manage-route';
import { closeOnRefusal } from '@/lib/uploads/close-on-refusal';
import { UPLOAD_ROLES } from '@/lib/uploads/kinds';
import { uploadOneFile } from '@/lib/uploads/upload-one-file';

// POST /api/v1/manage/news_manage/upload_one_file — 上传一个文件（multipart：kind 放在查询串或 file 之前）。
// No input schema: the wrapper must not read the body, the service streams it.
export const POST = closeOnRefusal(
  manageRoute({
    // Every role whose screens upload (内容管理, the avatar of 管理员用户, the logo of 系统设置);
    // each kind then checks its own roles (lib/uploads/kinds.ts).
    role: UPLOAD_ROLES,
    handler: async ({ request, session }) =>
      reply(await uploadOneFile({ request, userId: session.user.id, roles: session.user.roles }), '上传成功'),
  }),
);
