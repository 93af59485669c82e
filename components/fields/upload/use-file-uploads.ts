'use client';

import { showToast, TOAST_MS } from '@/lib/client/toast';
import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadFile, UploadCancelledError, UPLOAD_FAILED_MESSAGE } from '@/lib/client/api/uploads';
import type { UploadKind } from '@/lib/uploads/kinds';
import { useUploadTracker } from '../form/record-form-context';
import { checkFileBeforeUpload } from './check-file';

export type UploadTask = { id: number; name: string; percent: number; cancel: () => void };

let nextTaskId = 1;

const toast = ({ message, variant }: { message: string; variant: 'error' | 'info' | 'warning' }) =>
  showToast(message, { variant, autoHideDuration: TOAST_MS });

/**
 * Uploads of one widget: the running tasks (for the progress bars) and `upload`, which checks a
 * file, sends it and resolves to its URL, or to null when it was refused, failed or cancelled
 * (the user has been told which). The form learns of every running upload so it will not save
 * half-sent files.
 */
export const useFileUploads = ({ kind }: { kind: UploadKind }) => {
  const [tasks, setTasks] = useState<readonly UploadTask[]>([]);
  const aborts = useRef(new Map<number, () => void>());
  const tracker = useUploadTracker();

  // A widget that goes away (row removed, dialog closed) takes its uploads with it.
  useEffect(() => {
    const running = aborts.current;
    return () => running.forEach((abort) => abort());
  }, []);

  const upload = useCallback(
    async ({ file }: { file: File }): Promise<string | null> => {
      const refusal = checkFileBeforeUpload({ file, kind });
      if (refusal) {
        toast({ message: refusal, variant: 'error' });
        return null;
      }
      const id = nextTaskId++;
      const setPercent = (percent: number) =>
        setTasks((list) => list.map((task) => (task.id === id ? { ...task, percent } : task)));
      const handle = uploadFile({ file, kind, onProgress: ({ percent }) => setPercent(percent) });
      aborts.current.set(id, handle.abort);
      setTasks((list) => [...list, { id, name: file.name, percent: 0, cancel: handle.abort }]);
      const done = tracker?.begin();
      try {
        return await handle.promise;
      } catch (error) {
        if (error instanceof UploadCancelledError)
          toast({ message: `已取消上传：${file.name}`, variant: 'info' });
        else
          toast({
            message: error instanceof Error && error.message ? error.message : UPLOAD_FAILED_MESSAGE,
            variant: 'error',
          });
        return null;
      } finally {
        done?.();
        aborts.current.delete(id);
        setTasks((list) => list.filter((task) => task.id !== id));
      }
    },
    [kind, tracker],
  );

  return { tasks, upload, isUploading: tasks.length > 0 };
};
