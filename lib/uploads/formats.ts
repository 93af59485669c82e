/**
 * The formats an upload kind can allow. `aliases` are client extensions that mean the format;
 * `sniffed` are the file-type results its content may have (Office 97 files are all 'cfb', OOXML
 * files are zips whose detail file-type may not reach). `isText` formats have no magic bytes: their
 * content must read as plain text instead.
 */
export type UploadFormat = { aliases?: readonly string[]; sniffed: readonly string[]; isText?: boolean };

export const UPLOAD_FORMATS = {
  png: { sniffed: ['png', 'apng'] },
  jpg: { aliases: ['jpeg', 'jfif', 'jpe'], sniffed: ['jpg'] },
  gif: { sniffed: ['gif'] },
  bmp: { sniffed: ['bmp'] },
  webp: { sniffed: ['webp'] },
  mp4: { sniffed: ['mp4', 'm4v'] },
  mp3: { sniffed: ['mp3'] },
  pdf: { sniffed: ['pdf'] },
  txt: { sniffed: [], isText: true },
  zip: { sniffed: ['zip'] },
  rar: { sniffed: ['rar'] },
  '7z': { sniffed: ['7z'] },
  doc: { sniffed: ['cfb'] },
  xls: { sniffed: ['cfb'] },
  ppt: { sniffed: ['cfb'] },
  docx: { sniffed: ['docx', 'zip'] },
  xlsx: { sniffed: ['xlsx', 'zip'] },
  pptx: { sniffed: ['pptx', 'zip'] },
} as const satisfies Record<string, UploadFormat>;

export type UploadFormatName = keyof typeof UPLOAD_FORMATS;

const isFormatName = (ext: string): ext is UploadFormatName => Object.hasOwn(UPLOAD_FORMATS, ext);

/** The format a client extension names (jpeg → jpg), if any. */
export const formatForExt = ({ ext }: { ext: string }): UploadFormatName | undefined => {
  if (isFormatName(ext)) return ext;
  return (Object.keys(UPLOAD_FORMATS) as UploadFormatName[]).find((name) =>
    ((UPLOAD_FORMATS[name] as UploadFormat).aliases ?? []).includes(ext),
  );
};

export const formatRule = ({ format }: { format: UploadFormatName }): UploadFormat => UPLOAD_FORMATS[format];
