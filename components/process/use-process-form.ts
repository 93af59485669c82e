'use client';

import { showToast, TOAST_MS } from '@/lib/client/toast';
import { useMemo, useState, type FormEvent } from 'react';
import { useRecordForm } from '@/components/fields';
import { useFileUploads } from '@/components/fields/upload/use-file-uploads';
import { useSensitiveSave } from '@/components/sensitive/use-sensitive-save';
import { blankFieldDefinition } from '@/lib/fields/definition';
import { splitAttachments } from './format-process';
import { requestSaveProcess } from '@/lib/client/api/process';
import type { ProcessRecord, ProcessStep } from '@/lib/process/process-types';

/** What the record form opens on: a new record of a step (fixed when chosen on the timeline), or a record to edit. */
export type ProcessFormTarget =
  | { mode: 'create'; newsId: number; process: number | null; isStepFixed: boolean }
  | { mode: 'edit'; newsId: number; record: ProcessRecord };

const fieldsOf = (steps: readonly ProcessStep[]) => [
  blankFieldDefinition({
    key: 'process',
    title: '流程',
    type: 'select',
    ismust: true,
    options: steps.map((step) => ({ label: step.content, value: step.id })),
  }),
  blankFieldDefinition({ key: 'title', title: '标题', type: 'string', ismust: true, max: 200 }),
  blankFieldDefinition({ key: 'time', title: '时间', type: 'datetime', ismust: true }),
  blankFieldDefinition({ key: 'remark', title: '备注', type: 'mult_string', max: 5000 }),
];

const initialOf = ({ target, steps }: { target: ProcessFormTarget; steps: readonly ProcessStep[] }) => {
  if (target.mode === 'edit') return target.record;
  const step = steps.find((candidate) => candidate.id === target.process);
  // A new record happens now, and is most often titled after its step.
  return { process: target.process ?? '', title: step?.content ?? '', time: Math.floor(Date.now() / 1000) };
};

type UseProcessFormOptions = {
  target: ProcessFormTarget;
  steps: readonly ProcessStep[];
  onSaved: () => void;
};

/** The record form's state: fields, attachments and their uploads, and the save. */
export const useProcessForm = ({ target, steps, onSaved }: UseProcessFormOptions) => {
  const fields = useMemo(() => fieldsOf(steps), [steps]);
  const isCreate = target.mode === 'create';
  const form = useRecordForm({ fields, initial: initialOf({ target, steps }), isCreate });
  const [attachments, setAttachments] = useState<readonly string[]>(() =>
    target.mode === 'edit' ? splitAttachments(target.record.attachments) : [],
  );
  const uploads = useFileUploads({ kind: 'file' });
  const [isSaving, setIsSaving] = useState(false);
  const sensitive = useSensitiveSave({ form });

  /** 确定, or 确认保存 (`isConfirmed`) after a refusal for words that need confirming. */
  const submit = async (event?: FormEvent, { isConfirmed = false } = {}) => {
    event?.preventDefault();
    if (isSaving) return;
    if (uploads.isUploading) {
      showToast('文件正在上传，请等待上传完成后再保存', {
        variant: 'warning',
        autoHideDuration: TOAST_MS,
      });
      return;
    }
    const values = form.validate();
    if (!values) return;
    setIsSaving(true);
    try {
      const answer = await sensitive.send({
        body: {
          id: target.mode === 'edit' ? target.record.id : undefined,
          news_id: target.newsId,
          process: Number(values.process),
          title: String(values.title ?? ''),
          time: Number(values.time),
          remark: String(values.remark ?? ''),
          attachments: attachments.join(','),
        },
        isConfirmed,
        request: (body) => requestSaveProcess({ body }),
      });
      // Refused for its 敏感词: the hits are shown under the form.
      if (!answer) return;
      sensitive.announceSaved(answer);
      onSaved();
    } catch {
      // The API client has shown the server's refusal (请先填写:… and the like).
    } finally {
      setIsSaving(false);
    }
  };

  const visibleFields =
    target.mode === 'create' && target.isStepFixed
      ? fields.filter((field) => field.key !== 'process')
      : fields;

  return {
    form,
    visibleFields,
    attachments,
    setAttachments,
    uploads,
    isSaving,
    isCreate,
    submit,
    sensitive,
  };
};
