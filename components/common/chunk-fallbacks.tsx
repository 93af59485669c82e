'use client';

import { useEffect, type ComponentType } from 'react';
import { showToast } from '@/lib/client/toast';
import type { ConfirmDialogProps } from './ConfirmDialog';

// Stand-ins for dialogs loaded on first use (next/dynamic) whose chunk cannot be fetched — the
// network dropped, or a new deployment removed the old chunks. Without them the failed import
// would throw into the view's error boundary, or leave a pending confirm() unanswered.

/** The browser's own confirm box asks instead, so a confirm() always settles. */
export function NativeConfirm({ isOpen, title, message, onConfirm, onCancel }: ConfirmDialogProps) {
  useEffect(() => {
    if (!isOpen) return;
    if (window.confirm(title ? `${title}：${message}` : message)) onConfirm();
    else onCancel();
    // Asked once per opening; the answer callbacks change with every render of the owner.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen]);
  return null;
}

/** What the stand-in needs of a dialog's props: open while isOpen, or while target is set. */
type DialogLike = { isOpen?: boolean; target?: unknown; onClose: () => void };

/** A dialog that could not be loaded: each time it is opened, says so and closes again. */
const unavailableDialog = (name: string) =>
  function UnavailableDialog({ isOpen, target, onClose }: DialogLike) {
    const isShown = isOpen ?? (target !== null && target !== undefined);
    useEffect(() => {
      if (!isShown) return;
      showToast(`${name}加载失败，请检查网络后刷新页面重试`, { variant: 'error' });
      onClose();
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [isShown]);
    return null;
  };

/** `load` (a dialog's dynamic import), or the stand-in named `name` if its chunk cannot be fetched. */
export const orUnavailable = <P extends DialogLike>(
  load: Promise<ComponentType<P>>,
  name: string,
): Promise<ComponentType<P>> => load.catch(() => unavailableDialog(name));
