'use client';

import { useSiteSettings } from '@/components/layout/site-settings-context';
import { deleteQuestion } from '@/components/recycle/recycle-text';
import { showToast, TOAST_MS } from '@/lib/client/toast';
import { useCallback, useState } from 'react';
import { showSuccessMessage } from '@/lib/client/api/core';
import {
  requestDeleteNews,
  downloadNewsExport,
  requestLockNews,
  requestMoveNews,
} from '@/lib/client/api/news';
import type { ClassInfo } from '@/lib/categories/to-api';
import type { NewsItem } from '@/lib/news/item-types';
import type { ConfirmRequest } from './use-confirm';
import type { NewsListState } from './use-news-list';

// The delete question of a process record, word for word as the product has always asked it.
// Items go to the 回收站 instead (components/recycle/recycle-text.ts).
export const DELETE_QUESTION = '此操作将永久删除该信息, 是否继续?';

type UseNewsActionsOptions = {
  info: ClassInfo;
  list: NewsListState;
  confirm: (request: ConfirmRequest) => Promise<boolean>;
  /** After items went to the 回收站. */
  onDeleted?: () => void;
};

/** What the toolbar and the row buttons do: delete to the 回收站 (one or the selection), lock, move, export. */
export const useNewsActions = ({ info, list, confirm, onDeleted }: UseNewsActionsOptions) => {
  const { recycle_days: recycleDays } = useSiteSettings();
  const [isExporting, setIsExporting] = useState(false);
  const { refresh, clearSelection, filters, process } = list;

  const remove = useCallback(
    async ({ ids, message }: { ids: number[]; message: string }) => {
      if (!(await confirm({ message, isDanger: true }))) {
        showToast('已取消删除', { variant: 'info', autoHideDuration: TOAST_MS });
        return;
      }
      try {
        const answer = await requestDeleteNews({ ids });
        showSuccessMessage({ message: answer.message });
        clearSelection();
        refresh();
        onDeleted?.();
      } catch {
        // The API client has shown why (a locked item, a vanished one …).
      }
    },
    [confirm, refresh, clearSelection, onDeleted],
  );

  const deleteOne = useCallback(
    (row: NewsItem) => remove({ ids: [row.id], message: deleteQuestion({ count: 1, days: recycleDays }) }),
    [remove, recycleDays],
  );

  const deleteSelected = () => {
    const ids = list.selectedIds;
    if (ids.length === 0) return;
    return remove({ ids, message: deleteQuestion({ count: ids.length, days: recycleDays }) });
  };

  const toggleLock = useCallback(
    async (row: NewsItem) => {
      try {
        const answer = await requestLockNews({ id: row.id, isLock: row.is_lock !== 1 });
        showSuccessMessage({ message: answer.message });
        refresh();
      } catch {
        // Shown by the API client.
      }
    },
    [refresh],
  );

  const moveSelected = async ({ classId }: { classId: number }) => {
    try {
      const answer = await requestMoveNews({ ids: list.selectedIds, classId });
      showSuccessMessage({ message: answer.message });
      clearSelection();
      refresh();
      return true;
    } catch {
      return false;
    }
  };

  const exportAll = async () => {
    if (isExporting) return;
    setIsExporting(true);
    try {
      // The export writes what the list shows: the search and the process status chosen.
      const query = process === '' ? filters : { ...filters, process };
      const filename = await downloadNewsExport({ classId: info.id, filters: query, name: info.name });
      showToast(`已导出：${filename}`, { variant: 'success', autoHideDuration: TOAST_MS });
    } catch {
      // Shown by the download helper.
    } finally {
      setIsExporting(false);
    }
  };

  return { deleteOne, deleteSelected, toggleLock, moveSelected, exportAll, isExporting };
};
