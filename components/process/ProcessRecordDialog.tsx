'use client';

import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { FormDialogActions } from '@/components/common/FormDialogActions';
import { RecordForm } from '@/components/fields';
import { SensitiveReportPanel } from '@/components/sensitive/SensitiveReportPanel';
import { AttachmentsInput } from './AttachmentsInput';
import type { ProcessStep } from '@/lib/process/process-types';
import { useProcessForm, type ProcessFormTarget } from './use-process-form';

type ProcessRecordDialogProps = {
  target: ProcessFormTarget | null;
  steps: readonly ProcessStep[];
  onClose: () => void;
  onSaved: () => void;
};

function RecordFormContent({
  target,
  steps,
  onClose,
  onSaved,
  titleId,
}: ProcessRecordDialogProps & { target: ProcessFormTarget; titleId: string }) {
  const id = useId();
  const formId = `${id}-form`;
  const { form, visibleFields, attachments, setAttachments, uploads, isSaving, isCreate, submit, sensitive } =
    useProcessForm({ target, steps, onSaved });
  const fixedStep =
    target.mode === 'create' && target.isStepFixed
      ? steps.find((step) => step.id === target.process)
      : undefined;
  return (
    <>
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, pr: 7 }}>
        <span id={titleId}>流程记录</span>
        <Chip
          label={isCreate ? '新增' : '修改'}
          color={isCreate ? 'primary' : 'default'}
          variant="outlined"
          size="small"
        />
        {fixedStep && (
          <Box component="span" sx={{ color: 'text.secondary', typography: 'body2' }}>
            {fixedStep.content}
          </Box>
        )}
      </DialogTitle>
      <IconButton aria-label="关闭" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseRounded />
      </IconButton>
      <DialogContent dividers>
        <Box
          component="form"
          id={formId}
          noValidate
          onSubmit={submit}
          aria-labelledby={titleId}
          sx={{ pt: 1 }}
        >
          <RecordForm form={form} fields={visibleFields} isDisabled={isSaving} />
          <AttachmentsInput
            urls={attachments}
            onChange={setAttachments}
            tasks={uploads.tasks}
            upload={uploads.upload}
            isDisabled={isSaving}
          />
          <SensitiveReportPanel
            sensitive={sensitive}
            isSaving={isSaving}
            onConfirm={() => void submit(undefined, { isConfirmed: true })}
          />
        </Box>
      </DialogContent>
      <FormDialogActions
        formId={formId}
        onCancel={onClose}
        isSaving={isSaving}
        isUploading={uploads.isUploading}
      />
    </>
  );
}

/** The record form of one step: 标题, 时间 (now by default), 备注, 附件; its step is chosen, or fixed by the timeline. */
export function ProcessRecordDialog({ target, steps, onClose, onSaved }: ProcessRecordDialogProps) {
  const titleId = useId();
  const isPhone = useMediaQuery('(max-width:599.95px)');
  // The last target stays while the dialog fades out, so its content does not vanish first;
  // each new target gets a fresh form.
  const [shown, setShown] = useState<{ target: ProcessFormTarget; key: number } | null>(null);
  if (target !== null && target !== shown?.target) setShown({ target, key: (shown?.key ?? 0) + 1 });
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={isPhone}
      scroll="paper"
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited: () => setShown(null) } }}
    >
      {shown && (
        <RecordFormContent
          key={shown.key}
          target={shown.target}
          steps={steps}
          onClose={onClose}
          onSaved={onSaved}
          titleId={titleId}
        />
      )}
    </Dialog>
  );
}
