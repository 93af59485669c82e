'use client';

import { useState, type FormEvent } from 'react';
import { useRecordForm } from '@/components/fields';
import { ApiError, showSuccessMessage } from '@/lib/client/api/core';
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

  // Shown as the server stored them: the running number, who saved and when, cleaned HTML. Also
  // after 恢复此版本.
  const reload = async () => {
    const fresh = await fetchClassInfo({ classId: info.id, isQuiet: true, isFresh: true }).catch(() => null);
    if (!fresh) return;
    setStored(fresh.class_fields);
    setIsFirstSave(false);
    form.reset({ initial: fresh.class_fields, isCreate: false });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    const values = form.validate();
    if (!values) return;
    setIsSaving(true);
    try {
      const { message } = await requestSaveClassInfo({ id: info.id, values });
      showSuccessMessage({ message });
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

  const reset = () => form.reset({ initial: stored, isCreate: isFirstSave });

  // Loosely: a widget that normalises a value it was given counts as a change here.
  const isDirty = JSON.stringify(form.values) !== JSON.stringify(stored);

  return { form, fields, isSaving, isDirty, isFirstSave, submit, reset, reload };
};
