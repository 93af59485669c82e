import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { getDb } from '@/lib/db/client';
import { AppError, ErrorCode } from '@/lib/http/app-error';
import { logger } from '@/lib/logger';
import { getStorage } from '@/lib/storage/get-storage';
import { assertKindPermitted, assertUploadAllowed } from './check-upload';
import { MAX_UPLOAD_BYTES, ZUploadKind } from './kinds';
import { NO_FILE_MESSAGE, receiveMultipart } from './receive-multipart';
import { storeIncomingFile, type StoredUpload } from './store-incoming-file';
import { takeUploadPoint } from './upload-rate';

type UploadOneFileOptions = { request: Request; userId: number; roles: readonly string[] };

/**
 * Stores the multipart `file` of an upload_one_file request and records it; answers its URL.
 * The kind comes from the `kind` query parameter or a `kind` field sent before the file (then
 * type and size are refused while streaming); a `kind` field after the file is honoured too,
 * but is checked only once the file is stored, which is then removed if it does not pass.
 * Before the body is read: the user's upload rate (429 past 120 a minute) and, when the query
 * names the kind (as the app's own client does), whether the user's roles upload it (403).
 */
export const uploadOneFile = async ({ request, userId, roles }: UploadOneFileOptions) => {
  await takeUploadPoint({ userId });
  const queryKind = new URL(request.url).searchParams.get('kind') ?? undefined;
  // An unknown kind is answered as before, once the body is read; a kind not this user's, now.
  const early = ZUploadKind.safeParse(queryKind);
  if (early.success) assertKindPermitted({ kind: early.data, roles });
  const storage = getStorage();
  let stored: StoredUpload | undefined;
  try {
    const { fields, file } = await receiveMultipart({
      request,
      fileField: 'file',
      maxFileBytes: MAX_UPLOAD_BYTES,
      onFile: async ({ file: incoming, fieldsBefore }) => {
        stored = await storeIncomingFile({
          file: incoming,
          kindName: fieldsBefore.kind ?? queryKind,
          roles,
          storage,
        });
        return stored;
      },
    });
    if (!file) throw new AppError({ code: ErrorCode.badRequest, message: NO_FILE_MESSAGE });
    const kindName = fields.kind ?? queryKind;
    if (kindName === undefined) throw new AppError({ code: ErrorCode.badRequest, message: '请指定上传类型' });
    const kind = ZUploadKind.parse(kindName);
    assertKindPermitted({ kind, roles });
    assertUploadAllowed({ kind, type: file.type, size: file.size });

    const db = await getDb();
    await db.$transaction(async (tx) => {
      const { id } = await tx.uploadedFile.create({
        data: {
          name: file.name,
          key: file.key,
          driver: storage.name,
          kind,
          mimeType: file.type.mime.slice(0, 127),
          size: file.size,
          originalName: file.originalName.slice(0, 255),
          userId,
        },
        select: { id: true },
      });
      await recordAudit(tx, {
        action: 'upload',
        targetType: 'file',
        targetId: id,
        detail: {
          name: file.originalName || file.name,
          values: { file: file.name, kind, mime_type: file.type.mime, size: file.size },
        },
      });
    });
    return storage.urlFor({ key: file.key });
  } catch (error) {
    const orphan = stored as StoredUpload | undefined;
    if (orphan) {
      await storage.remove({ key: orphan.key }).catch((removeError: unknown) => {
        logger.error({ err: removeError, key: orphan.key }, '删除未登记的上传文件失败');
      });
    }
    throw error;
  }
};
