'use client';

import { useState, type FormEvent } from 'react';
import { useRecordForm } from '@/components/fields';
import { validateRecord } from '@/components/fields/form/validate-record';
import { useSensitiveSave } from '@/components/sensitive/use-sensitive-save';
import { ApiError } from '@/lib/client/api/core';
import { fetchClassInfo, requestSaveClassInfo } from '@/lib/client/api/news';
import type { ClassInfo } from '@/lib/categories/to-api';

const fieldOfError = (error: unknown) => {
  const data = error instanceof ApiError ? (error.data as { field?: unknown } | null) : null;
  return typeof data?.field === 'string' ? data.field : null;
};

/** The single-page form: values of content_fileds.class, saved with save_class_info. */
export const useClassInfoForm = ({ info, onSaved }: { info: ClassInfo; onSaved?: () => void }) => {
  const fields = info.content_fileds.class;
  // Nothing stored yet: the server fills defaults (dates: now) as for a new record, and so does the form.
  const [isFirstSave, setIsFirstSave] = useState(() => Object.keys(info.class_fields ?? {}).length === 0);
  const [stored, setStored] = useState(info.class_fields ?? {});
  const form = useRecordForm({ fields, initial: stored, isCreate: isFirstSave });
  const [isSaving, setIsSaving] = useState(false);
  const sensitive = useSensitiveSave({ form });

  // Shown as the server stored them: the running number, who saved and when, cleaned HTML. Also
  // after 恢复此版本.
  const reload = async () => {
    const fresh = await fetchClassInfo({ classId: info.id, isQuiet: true, isFresh: true }).catch(() => null);
    if (!fresh) return;
    setStored(fresh.class_fields);
    setIsFirstSave(false);
    form.reset({ initial: fresh.class_fields, isCreate: false });
  };

  /** 保存, or 确认保存 (`isConfirmed`) after a refusal for words that need confirming. */
  const submit = async (event?: FormEvent, { isConfirmed = false } = {}) => {
    event?.preventDefault();
    if (isSaving) return;
    const values = form.validate();
    if (!values) return;
    setIsSaving(true);
    try {
      const answer = await sensitive.send({
        body: values,
        isConfirmed,
        request: (payload) => requestSaveClassInfo({ id: info.id, values: payload }),
      });
      // Refused for its 敏感词: the hits are shown under the form.
      if (!answer) return;
      sensitive.announceSaved(answer);
      await reload();
      onSaved?.();
    } catch (error) {
      // The API client has shown the message; put it under the field it names as well.
      const key = fieldOfError(error);
      if (key && error instanceof Error) form.setError({ path: key, message: error.message });
    } finally {
      setIsSaving(false);
    }
  };

  const reset = () => {
    form.reset({ initial: stored, isCreate: isFirstSave });
    sensitive.clear();
  };

  /** 检测: the form's values as they stand (valid or not yet) against the word lists. */
  const check = () => {
    const result = validateRecord({ fields, values: form.values, isCreate: isFirstSave });
    void sensitive.check({ ...(result.ok ? result.values : form.values), class_id: info.id });
  };

  // Loosely: a widget that normalises a value it was given counts as a change here.
  const isDirty = JSON.stringify(form.values) !== JSON.stringify(stored);

  return { form, fields, isSaving, isDirty, isFirstSave, submit, reset, reload, sensitive, check };
};
