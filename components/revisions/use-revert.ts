'use client';

import { useState } from 'react';
import type { ConfirmRequest } from '@/components/news/use-confirm';
import { showSuccessMessage } from '@/lib/client/api/core';
import { requestRevert } from '@/lib/client/api/revisions';
import type { RevisionSummary } from '@/lib/revisions/revision-types';
import { formatSeconds } from './format-time';
import type { RevisionSubject } from './revision-fields';
import { revisionName } from './RevisionList';

type UseRevertOptions = {
  subject: RevisionSubject;
  isDirty: boolean;
  confirm: (request: ConfirmRequest) => Promise<boolean>;
  onReverted: () => void;
};

/** 恢复此版本: asks first (saying unsaved edits are lost), reverts with the form's row version, reports. */
export const useRevert = ({ subject, isDirty, confirm, onReverted }: UseRevertOptions) => {
  const [isReverting, setIsReverting] = useState(false);

  const revert = async (revision: RevisionSummary) => {
    if (isReverting) return;
    const question =
      `确定恢复到${revisionName(revision)}（${formatSeconds(revision.time)}）吗？` +
      '恢复会记为一个新版本，之后仍可恢复到现在的内容。' +
      (isDirty ? '表单中尚未保存的修改将被丢弃。' : '');
    if (!(await confirm({ title: '恢复此版本', message: question, confirmText: '恢复', isDanger: isDirty })))
      return;
    setIsReverting(true);
    try {
      // The server says which version, and names fields the category no longer has (not restored).
      const { message } = await requestRevert({
        ...subject,
        rev: revision.rev,
        rowVersion: subject.kind === 'news' ? subject.rowVersion : undefined,
      });
      showSuccessMessage({ message });
      onReverted();
    } catch {
      // The API client has shown why (changed meanwhile, locked, no right …).
    } finally {
      setIsReverting(false);
    }
  };

  return { revert, isReverting };
};
