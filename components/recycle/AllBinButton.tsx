'use client';

import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Button, { type ButtonProps } from '@mui/material/Button';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { orUnavailable } from '@/components/common/chunk-fallbacks';
import { useSession } from '@/components/layout/session-context';
import { hasAnyRole } from '@/lib/auth/roles';

const RecycleBinDialog = dynamic(
  () =>
    orUnavailable(
      import('@/components/recycle/RecycleBinDialog').then((module) => module.RecycleBinDialog),
      '回收站',
    ),
  { ssr: false },
);

/**
 * 回收站 of every category the user may work in (内容管理 role only): where items of a deleted
 * category are found and restored into another (the content list's bin is per category).
 */
export function AllBinButton({
  onChanged,
  ...props
}: Omit<ButtonProps, 'onClick'> & { onChanged?: () => void }) {
  const { user } = useSession();
  const [isOpen, setIsOpen] = useState(false);
  const [isLoaded, setIsLoaded] = useState(false);
  if (!hasAnyRole({ roles: user.roles, required: ['news_content'] })) return null;
  return (
    <>
      <Button
        startIcon={<DeleteOutlineRounded />}
        aria-label="回收站（全部栏目）"
        {...props}
        onClick={() => {
          setIsLoaded(true);
          setIsOpen(true);
        }}
      >
        回收站
      </Button>
      {isLoaded && (
        <RecycleBinDialog
          isOpen={isOpen}
          name="全部栏目"
          onClose={() => setIsOpen(false)}
          onChanged={() => onChanged?.()}
        />
      )}
    </>
  );
}
