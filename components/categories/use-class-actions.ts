'use client';

import { showToast, TOAST_MS } from '@/lib/client/toast';
import { useState } from 'react';
import { showSuccessMessage } from '@/lib/client/api/core';
import { requestDeleteClass, requestSortClass } from '@/lib/client/api/categories';
import type { ClassTreeNode } from './category-types';

type ClassActionsOptions = {
  /** Called after any change the server accepted: reload the tree and the menu. */
  onChanged: () => Promise<void> | void;
};

/** Delete (behind the 提示 confirmation) and move/reorder; the server's refusals are toasted by the API client. */
export const useClassActions = ({ onChanged }: ClassActionsOptions) => {
  const [pendingDelete, setPendingDelete] = useState<ClassTreeNode | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const [isMoving, setIsMoving] = useState(false);

  const cancelDelete = () => {
    setPendingDelete(null);
    showToast('已取消删除', { variant: 'info', autoHideDuration: TOAST_MS });
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    setIsDeleting(true);
    try {
      const { message } = await requestDeleteClass({ id: pendingDelete.id });
      showSuccessMessage({ message });
      setPendingDelete(null);
      await onChanged();
    } catch {
      // Refused (children or items left): the message is on screen; close the question.
      setPendingDelete(null);
    } finally {
      setIsDeleting(false);
    }
  };

  const move = async ({ id, parentId, sort }: { id: number; parentId: number; sort: number }) => {
    if (isMoving) return;
    setIsMoving(true);
    try {
      const { message } = await requestSortClass({ id, parentId, sort });
      showSuccessMessage({ message });
      await onChanged();
    } catch {
      // A cycle or a key clash: the server's message has been shown, the tree is unchanged.
    } finally {
      setIsMoving(false);
    }
  };

  return {
    pendingDelete,
    askDelete: setPendingDelete,
    cancelDelete,
    confirmDelete,
    isDeleting,
    move,
    isMoving,
  };
};
