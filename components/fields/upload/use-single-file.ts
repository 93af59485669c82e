'use client';

import { requestDeleteUploadedFile } from '@/lib/client/api/uploads';
import type { UploadKind } from '@/lib/uploads/kinds';
import { asText } from '../primitives/read-value';
import { useFileUploads } from './use-file-uploads';

/** One uploaded file held as its URL: pick uploads and replaces it, remove deletes it from storage too. */
export const useSingleFile = ({
  kind,
  value,
  onChange,
}: {
  kind: UploadKind;
  value: unknown;
  onChange: (url: string) => void;
}) => {
  const url = asText(value);
  const { tasks, upload, isUploading } = useFileUploads({ kind });
  const pick = async ([file]: File[]) => {
    const uploaded = await upload({ file });
    if (uploaded) onChange(uploaded);
  };
  const remove = () => {
    onChange('');
    // The field lets go of the file even when the server cannot delete it (删除失败 is shown).
    void requestDeleteUploadedFile({ url });
  };
  return { url, tasks, isUploading, pick, remove };
};
