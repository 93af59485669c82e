import { hasAnyRole, type Role } from '@/lib/auth/roles';
import { z } from '@/lib/validation/z';
import type { UploadFormatName } from './formats';

const MB = 1024 * 1024;

const WRONG_IMAGE = '上传格式不正确，请上传图片格式';
const WRONG_VIDEO = '上传格式不正确，请上传 mp4 视频';
const WRONG_FILE = '上传格式不正确，不支持该文件类型';

type UploadKindRule = {
  formats: readonly UploadFormatName[] | 'any';
  maxBytes: number;
  wrongTypeMessage: string;
  /** Roles whose screens upload this kind (admin passes every role). */
  roles: readonly Role[];
};

// Who uploads what, by the screens that do it: 内容管理 every kind (item fields, rich text, process
// attachments); 管理员用户 a picture (the avatar); 系统设置 a picture (the logo).
const CONTENT: readonly Role[] = ['news_content'];
const PICTURE: readonly Role[] = ['news_content', 'manage_user', 'system_set'];

// Limits: pictures, videos and attachments 20 MB; pictures inside rich text 10485760 bytes (10 MB).
export const UPLOAD_KINDS = {
  image: {
    formats: ['png', 'jpg', 'gif', 'bmp'],
    maxBytes: 20 * MB,
    wrongTypeMessage: WRONG_IMAGE,
    roles: PICTURE,
  },
  video: { formats: ['mp4'], maxBytes: 20 * MB, wrongTypeMessage: WRONG_VIDEO, roles: CONTENT },
  file: { formats: 'any', maxBytes: 20 * MB, wrongTypeMessage: WRONG_FILE, roles: CONTENT },
  editor_image: {
    formats: ['png', 'jpg', 'gif', 'bmp', 'webp'],
    maxBytes: 10 * MB,
    wrongTypeMessage: WRONG_IMAGE,
    roles: CONTENT,
  },
  editor_video: { formats: ['mp4'], maxBytes: 20 * MB, wrongTypeMessage: WRONG_VIDEO, roles: CONTENT },
  editor_file: {
    formats: ['pdf', 'txt', 'zip', 'rar', '7z', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'mp3', 'mp4'],
    maxBytes: 20 * MB,
    wrongTypeMessage: WRONG_FILE,
    roles: CONTENT,
  },
} as const satisfies Record<string, UploadKindRule>;

export type UploadKind = keyof typeof UPLOAD_KINDS;

export const ZUploadKind = z.enum(Object.keys(UPLOAD_KINDS) as [UploadKind, ...UploadKind[]], {
  error: '上传类型不正确',
});

/** The most any kind accepts: the cap while the kind is not yet known. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_KINDS).map((kind) => kind.maxBytes));

export const kindRule = ({ kind }: { kind: UploadKind }): UploadKindRule => UPLOAD_KINDS[kind];

/**
 * Every role that uploads some kind: upload_one_file and del_oss_file let these in (each kind then
 * checks its own roles), in a fixed order (the authorization matrix pins it).
 */
export const UPLOAD_ROLES: readonly Role[] = [
  ...new Set(Object.values(UPLOAD_KINDS).flatMap((rule: UploadKindRule) => rule.roles)),
];

/** Whether a user with these roles may upload this kind. */
export const mayUploadKind = ({ kind, roles }: { kind: UploadKind; roles: readonly string[] }) =>
  hasAnyRole({ roles, required: kindRule({ kind }).roles });

export const KIND_FORBIDDEN_MESSAGE = '没有权限上传该类型的文件';

export const tooLargeMessage = ({ maxBytes }: { maxBytes: number }) =>
  `上传文件大小不能超过 ${maxBytes / MB} MB!`;
