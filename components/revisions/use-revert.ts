'use client';

import { useState } from 'react';
import type { ConfirmRequest } from '@/components/news/use-confirm';
import { showSuccessMessage } from '@/lib/client/api/core';
import { requestRevertNews } from '@/lib/client/api/revisions';
import { showToast, TOAST_MS } from '@/lib/client/toast';
import type { RevisionSummary } from '@/lib/revisions/revision-types';
import { formatSeconds } from './format-time';
import { revisionName } from './RevisionList';

type UseRevertOptions = {
  newsId: number;
  rowVersion?: string;
  isDirty: boolean;
  confirm: (request: ConfirmRequest) => Promise<boolean>;
  onReverted: () => void;
};

/** 恢复此版本: asks first (saying unsaved edits are lost), reverts with the form's row version, reports. */
export const useRevert = ({ newsId, rowVersion, isDirty, confirm, onReverted }: UseRevertOptions) => {
  const [isReverting, setIsReverting] = useState(false);

  const revert = async (revision: RevisionSummary) => {
    if (isReverting) return;
    const question =
      `确定将内容恢复为${revisionName(revision)}（${formatSeconds(revision.time)}）的样子吗？` +
      '恢复会记为一个新版本，之后仍可恢复到现在的内容。' +
      (isDirty ? '表单中尚未保存的修改将被丢弃。' : '');
    if (!(await confirm({ title: '恢复此版本', message: question, confirmText: '恢复', isDanger: isDirty })))
      return;
    setIsReverting(true);
    try {
      const { data } = await requestRevertNews({ newsId, rev: revision.rev, rowVersion });
      showSuccessMessage({ message: `已恢复为第 ${revision.rev} 版` });
      if (data?.dropped?.length)
        showToast(`这些字段已不在栏目中，没有恢复：${data.dropped.join('、')}`, {
          variant: 'warning',
          autoHideDuration: TOAST_MS * 2,
        });
      onReverted();
    } catch {
      // The API client has shown why (changed meanwhile, locked, no right …).
    } finally {
      setIsReverting(false);
    }
  };

  return { revert, isReverting };
};
