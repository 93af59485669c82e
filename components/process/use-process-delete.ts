'use client';

import { showToast, TOAST_MS } from '@/lib/client/toast';
import { useCallback } from 'react';
import { DELETE_QUESTION } from '@/components/news/use-news-actions';
import type { ConfirmRequest } from '@/components/news/use-confirm';
import { showSuccessMessage } from '@/lib/client/api/core';
import { requestDeleteProcess } from '@/lib/client/api/process';
import type { ProcessRecord } from '@/lib/process/process-types';

/** 删除 of a record: the spec's 提示 question, 已取消删除 on 取消, the server's refusal (a later step exists) as a toast. */
export const useProcessDelete = ({
  confirm,
  onDeleted,
}: {
  confirm: (request: ConfirmRequest) => Promise<boolean>;
  onDeleted: () => void;
}) =>
  useCallback(
    async (record: ProcessRecord) => {
      if (!(await confirm({ message: DELETE_QUESTION, isDanger: true }))) {
        showToast('已取消删除', { variant: 'info', autoHideDuration: TOAST_MS });
        return;
      }
      try {
        const answer = await requestDeleteProcess({ id: record.id });
        showSuccessMessage({ message: answer.message });
        onDeleted();
      } catch {
        // Shown by the API client.
      }
    },
    [confirm, onDeleted],
  );
