'use client';

import { useState } from 'react';
import type { ConfirmRequest } from '@/components/news/use-confirm';
import { ApiError, showSuccessMessage } from '@/lib/client/api/core';
import { SENSITIVE_WARN_CODE } from '@/lib/sensitive/levels';
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
    const send = (isConfirmed: boolean) =>
      requestRevert({
        ...subject,
        rev: revision.rev,
        rowVersion: subject.kind === 'news' ? subject.rowVersion : undefined,
        isConfirmed,
      });
    try {
      // The server says which version, and names fields the category no longer has (not restored).
      let answer;
      try {
        answer = await send(false);
      } catch (error) {
        // The version holds words the 敏感词 lists ask to confirm (added since it was saved, maybe).
        if (!(error instanceof ApiError) || error.code !== SENSITIVE_WARN_CODE) throw error;
        const isSure = await confirm({
          title: '确认敏感词',
          message: `${error.message}。确定仍要恢复到${revisionName(revision)}吗？`,
          confirmText: '仍然恢复',
          isDanger: true,
        });
        if (!isSure) return;
        answer = await send(true);
      }
      const replaced = [...new Set((answer.data?.sensitive_replaced ?? []).map((hit) => hit.word))];
      showSuccessMessage({
        message:
          replaced.length > 0 ? `${answer.message}（已替换敏感词：${replaced.join('、')}）` : answer.message,
      });
      onReverted();
    } catch {
      // The API client has shown why (changed meanwhile, locked, no right, a block word …).
    } finally {
      setIsReverting(false);
    }
  };

  return { revert, isReverting };
};
