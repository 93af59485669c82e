// What a stored file is served as. Content-Type follows the stored extension only (the server
// chose it from the sniffed content), and only real media is shown inline: everything else,
// and always svg/html, is an attachment, so an upload can never run script on our origin.
const MIME_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  ico: 'image/x-icon',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  xml: 'application/xml',
  json: 'application/json',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  gz: 'application/gzip',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

const INLINE_EXTS = new Set([
  'png',
  'jpg',
  'gif',
  'bmp',
  'webp',
  'ico',
  'avif',
  'mp4',
  'webm',
  'mov',
  'mp3',
  'wav',
  'ogg',
  'm4a',
]);

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';

export const mimeForExt = ({ ext }: { ext: string }) => MIME_BY_EXT[ext] ?? 'application/octet-stream';

export const isInlineExt = ({ ext }: { ext: string }) => INLINE_EXTS.has(ext);

/** `name` is a server-made `<hex>.<ext>`, so it needs no quoting beyond the plain form. */
export const dispositionFor = ({ name, ext }: { name: string; ext: string }) =>
  `${isInlineExt({ ext }) ? 'inline' : 'attachment'}; filename="${name}"`;
