'use client';

import { useCallback, useRef, useState } from 'react';
import type { ConfirmDialogProps } from '@/components/common/ConfirmDialog';

export type ConfirmRequest = {
  title?: string;
  message: string;
  confirmText?: string;
  isDanger?: boolean;
  /** 取消 first where confirming cannot be undone. */
  focus?: 'confirm' | 'cancel';
};

/** A promise-shaped confirm: `await confirm({message})` is true for 确定, false for 取消 / Esc. */
export const useConfirm = () => {
  // The last request stays after closing, so its text does not vanish while the dialog fades out.
  const [request, setRequest] = useState<ConfirmRequest>({ message: '' });
  const [isOpen, setIsOpen] = useState(false);
  const resolver = useRef<((isConfirmed: boolean) => void) | null>(null);

  const confirm = useCallback(
    (next: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false);
        resolver.current = resolve;
        setRequest(next);
        setIsOpen(true);
      }),
    [],
  );

  const onAnswer = useCallback((isConfirmed: boolean) => {
    resolver.current?.(isConfirmed);
    resolver.current = null;
    setIsOpen(false);
  }, []);

  // The props of components/common/ConfirmDialog: spread them onto it.
  const dialog: ConfirmDialogProps = {
    ...request,
    isOpen,
    onConfirm: () => onAnswer(true),
    onCancel: () => onAnswer(false),
  };
  return { confirm, dialog };
};
