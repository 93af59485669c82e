import 'server-only';
import { fileTypeFromBuffer, supportedExtensions } from 'file-type/core';
import { mimeForExt } from '@/lib/storage/content-type';
import { formatForExt, formatRule, type UploadFormatName } from './formats';
import { looksLikePlainText } from './plain-text';

/**
 * What an upload is stored as. `format` is set only when the content backs the client's
 * extension (or there is no extension and the content names a format): that is what the
 * restricted kinds check. `ext` is always one the server chose, never the client's raw text.
 */
export type StoredType = { ext: string; mime: string; format?: UploadFormatName };

const clientExtOf = ({ filename }: { filename: string }) => {
  const dot = filename.lastIndexOf('.');
  const ext = dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
  return /^[a-z0-9]{1,10}$/.test(ext) ? ext : '';
};

const isBackedByContent = ({
  format,
  sniffed,
  head,
}: {
  format: UploadFormatName;
  sniffed?: string;
  head: Uint8Array;
}) => {
  const rule = formatRule({ format });
  return rule.isText
    ? !sniffed && looksLikePlainText({ head })
    : Boolean(sniffed && rule.sniffed.includes(sniffed));
};

const typed = ({
  ext,
  sniffedMime,
  format,
}: {
  ext: string;
  sniffedMime?: string;
  format?: UploadFormatName;
}): StoredType => {
  const safeExt = /^[a-z0-9]{1,10}$/.test(ext.toLowerCase()) ? ext.toLowerCase() : 'bin';
  const known = mimeForExt({ ext: safeExt });
  return {
    ext: safeExt,
    format,
    mime: known === 'application/octet-stream' && sniffedMime ? sniffedMime : known,
  };
};

/** Decides the stored type from the first bytes of the content and the client's file name. */
export const resolveStoredType = async ({
  head,
  filename,
}: {
  head: Uint8Array;
  filename: string;
}): Promise<StoredType> => {
  const detected = head.length > 0 ? await fileTypeFromBuffer(head) : undefined;
  const sniffed = detected?.ext as string | undefined;
  const clientExt = clientExtOf({ filename });
  const claimed = formatForExt({ ext: clientExt });

  if (claimed && isBackedByContent({ format: claimed, sniffed, head }))
    return typed({ ext: claimed, format: claimed });
  if (!clientExt && sniffed) {
    const named = formatForExt({ ext: sniffed });
    return typed({
      ext: sniffed,
      sniffedMime: detected?.mime,
      format: named === sniffed ? named : undefined,
    });
  }
  // The content wins over a wrong extension: a renamed .exe stays an .exe.
  if (sniffed) return typed({ ext: sniffed, sniffedMime: detected?.mime });
  // No magic bytes: keep an extension that has none either (txt, html, csv…), served by it with
  // nosniff; an extension whose magic is missing (a .png full of HTML) becomes an opaque .bin.
  if (clientExt && !supportedExtensions.has(clientExt as never)) return typed({ ext: clientExt });
  return typed({ ext: 'bin' });
};
