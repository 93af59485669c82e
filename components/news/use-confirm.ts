'use client';

import { useCallback, useRef, useState } from 'react';

export type ConfirmRequest = { title?: string; message: string; confirmText?: string; isDanger?: boolean };

export type ConfirmDialogState = ConfirmRequest & {
  isOpen: boolean;
  onAnswer: (isConfirmed: boolean) => void;
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

  const dialog: ConfirmDialogState = { ...request, isOpen, onAnswer };
  return { confirm, dialog };
};
