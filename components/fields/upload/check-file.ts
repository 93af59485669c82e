import { formatForExt, UPLOAD_FORMATS, type UploadFormat } from '@/lib/uploads/formats';
import { kindRule, tooLargeMessage, type UploadKind } from '@/lib/uploads/kinds';

const extOf = ({ name }: { name: string }) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/**
 * The browser's check before an upload starts, with the server's own rules and messages (the
 * server checks again, by content). Answers the message to show, or null when the file may go.
 */
export const checkFileBeforeUpload = ({
  file,
  kind,
}: {
  file: Pick<File, 'name' | 'size'>;
  kind: UploadKind;
}): string | null => {
  const rule = kindRule({ kind });
  if (rule.formats !== 'any') {
    const format = formatForExt({ ext: extOf({ name: file.name }) });
    if (!format || !(rule.formats as readonly string[]).includes(format)) return rule.wrongTypeMessage;
  }
  if (file.size > rule.maxBytes) return tooLargeMessage({ maxBytes: rule.maxBytes });
  return null;
};

/** The file picker's `accept` for a kind: every extension its formats answer to. */
export const acceptOf = ({ kind }: { kind: UploadKind }): string | undefined => {
  const rule = kindRule({ kind });
  if (rule.formats === 'any') return undefined;
  return rule.formats
    .flatMap((format) => [format, ...((UPLOAD_FORMATS[format] as UploadFormat).aliases ?? [])])
    .map((ext) => `.${ext}`)
    .join(',');
};
