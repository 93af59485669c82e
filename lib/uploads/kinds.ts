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
};

// Limits: pictures, videos and attachments 20 MB; pictures inside rich text 10485760 bytes (10 MB).
export const UPLOAD_KINDS = {
  image: { formats: ['png', 'jpg', 'gif', 'bmp'], maxBytes: 20 * MB, wrongTypeMessage: WRONG_IMAGE },
  video: { formats: ['mp4'], maxBytes: 20 * MB, wrongTypeMessage: WRONG_VIDEO },
  file: { formats: 'any', maxBytes: 20 * MB, wrongTypeMessage: WRONG_FILE },
  editor_image: {
    formats: ['png', 'jpg', 'gif', 'bmp', 'webp'],
    maxBytes: 10 * MB,
    wrongTypeMessage: WRONG_IMAGE,
  },
  editor_video: { formats: ['mp4'], maxBytes: 20 * MB, wrongTypeMessage: WRONG_VIDEO },
  editor_file: {
    formats: ['pdf', 'txt', 'zip', 'rar', '7z', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'mp3', 'mp4'],
    maxBytes: 20 * MB,
    wrongTypeMessage: WRONG_FILE,
  },
} as const satisfies Record<string, UploadKindRule>;

export type UploadKind = keyof typeof UPLOAD_KINDS;

export const ZUploadKind = z.enum(Object.keys(UPLOAD_KINDS) as [UploadKind, ...UploadKind[]], {
  error: '上传类型不正确',
});

/** The most any kind accepts: the cap while the kind is not yet known. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_KINDS).map((kind) => kind.maxBytes));

export const kindRule = ({ kind }: { kind: UploadKind }): UploadKindRule => UPLOAD_KINDS[kind];

export const tooLargeMessage = ({ maxBytes }: { maxBytes: number }) =>
  `上传文件大小不能超过 ${maxBytes / MB} MB!`;
