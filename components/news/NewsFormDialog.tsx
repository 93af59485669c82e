'use client';

import CloseRounded from '@mui/icons-material/CloseRounded';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import dynamic from 'next/dynamic';
import { useId, useState, type KeyboardEvent } from 'react';
import { orUnavailable } from '@/components/common/chunk-fallbacks';
import { useHasBeenTrue } from '@/components/common/use-has-been-true';
import { FormDialogActions } from '@/components/common/FormDialogActions';
import { RecordForm } from '@/components/fields/RecordForm';
import { ConfirmDialog } from '@/components/common/ConfirmDialog';
import { SensitiveReportPanel } from '@/components/sensitive/SensitiveReportPanel';
import { NewsFormSkeleton } from './NewsFormSkeleton';
import type { ClassInfo } from '@/lib/categories/to-api';
import { useConfirm } from './use-confirm';
import { useNewsForm, type NewsFormTarget } from './use-news-form';

// 历史版本 (its list, the comparisons and their widgets) loads when first opened.
const RevisionDrawer = dynamic(
  () =>
    orUnavailable(
      import('@/components/revisions/RevisionDrawer').then((module) => module.RevisionDrawer),
      '历史版本',
    ),
  { ssr: false },
);

type NewsFormDialogProps = {
  info: ClassInfo;
  target: NewsFormTarget | null;
  onClose: () => void;
  onSaved: (options: { isCreate: boolean }) => void;
};

/** The 内容 dialog: add (blank) or edit (loaded by id) one item; 确定 saves, 取消 / Esc asks first when there are changes. */
export function NewsFormDialog({ info, target, onClose, onSaved }: NewsFormDialogProps) {
  const id = useId();
  const formId = `${id}-form`;
  const { form, item, isReady, isSaving, isDirty, isLocked, isCreate, submit, reload, sensitive, check } =
    useNewsForm({ info, target, onClose, onSaved });
  const { confirm, dialog } = useConfirm();
  const [isHistoryOpen, setIsHistoryOpen] = useState(false);
  const hasHistory = useHasBeenTrue(isHistoryOpen);
  const afterRevert = () => {
    setIsHistoryOpen(false);
    void reload();
    onSaved({ isCreate: false });
  };
  const isPhone = useMediaQuery('(max-width:599.95px)');
  const canSave = isReady && !isLocked && !isSaving && !form.isUploading;

  /** Ctrl+Enter (⌘+Enter on a Mac) anywhere in the dialog saves, as 确定 does. */
  const saveByKeyboard = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    // Not from a dialog of its own (the editor's link dialog is in another part of the page).
    if (!event.currentTarget.contains(event.target as Node)) return;
    event.preventDefault();
    const formElement = document.getElementById(formId);
    if (canSave && formElement instanceof HTMLFormElement) formElement.requestSubmit();
  };

  const requestClose = async () => {
    if (isSaving) return;
    if (
      isDirty &&
      !(await confirm({
        message: '内容已修改但尚未保存，确定要关闭吗？',
        confirmText: '放弃修改',
        isDanger: true,
      }))
    )
      return;
    onClose();
  };

  return (
    <>
      <Dialog
        open={target !== null}
        onClose={requestClose}
        onKeyDown={saveByKeyboard}
        fullWidth
        maxWidth="md"
        fullScreen={isPhone}
        scroll="paper"
        aria-labelledby={`${id}-title`}
        slotProps={{ paper: { sx: { minHeight: { md: '60vh' } } } }}
      >
        {/* Its own id: MUI would give it the dialog's aria-labelledby, naming the dialog by all it holds. */}
        <DialogTitle
          id={`${id}-head`}
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, pr: 7 }}
        >
          <span id={`${id}-title`}>内容</span>
          <Chip
            label={isCreate ? '新增' : '编辑'}
            color={isCreate ? 'primary' : 'default'}
            variant="outlined"
            size="small"
          />
          {info.name && (
            <Box component="span" sx={{ color: 'text.secondary', typography: 'body2' }}>
              {info.name}
            </Box>
          )}
          {!isCreate && (
            <Button
              variant="outlined"
              size="small"
              startIcon={<HistoryRounded />}
              onClick={() => setIsHistoryOpen(true)}
              disabled={!isReady}
              sx={{ ml: 'auto', flexShrink: 0 }}
            >
              历史版本
            </Button>
          )}
        </DialogTitle>
        <IconButton
          aria-label="关闭"
          onClick={requestClose}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <CloseRounded />
        </IconButton>
        <DialogContent dividers>
          {isReady ? (
            <Box
              component="form"
              id={formId}
              noValidate
              onSubmit={submit}
              aria-labelledby={`${id}-title`}
              sx={{ pt: 1 }}
            >
              {isLocked && (
                <Alert severity="warning" icon={<LockOutlined fontSize="inherit" />} sx={{ mb: 2 }}>
                  该内容已锁定，只能查看；解锁后才能修改。
                </Alert>
              )}
              <RecordForm form={form} isDisabled={isSaving || isLocked} />
              <SensitiveReportPanel
                sensitive={sensitive}
                isSaving={isSaving}
                onConfirm={() => void submit(undefined, { isConfirmed: true })}
              />
            </Box>
          ) : (
            <NewsFormSkeleton />
          )}
        </DialogContent>
        <FormDialogActions
          formId={formId}
          onCancel={requestClose}
          isSaving={isSaving}
          isUploading={form.isUploading}
          isDisabled={!isReady || isLocked}
          keyShortcuts="Control+Enter Meta+Enter"
          start={
            <Button
              variant="outlined"
              startIcon={<FactCheckOutlined />}
              onClick={check}
              loading={sensitive.isChecking}
              loadingPosition="start"
              disabled={!isReady || isSaving}
            >
              检测
            </Button>
          }
        />
      </Dialog>
      <ConfirmDialog {...dialog} />
      {hasHistory && item && (
        <RevisionDrawer
          isOpen={isHistoryOpen && target !== null}
          info={info}
          subject={{ kind: 'news', id: item.id, rowVersion: item.row_version }}
          title={item.title}
          isLocked={isLocked}
          isDirty={isDirty}
          onClose={() => setIsHistoryOpen(false)}
          onReverted={afterRevert}
        />
      )}
    </>
  );
}
