'use client';

import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, type FormEvent } from 'react';
import { useRecordForm, type RecordFormState } from '@/components/fields/form/use-record-form';
import { getIn, type ValueUpdate } from '@/components/fields/form/record-values';
import { validateRecord } from '@/components/fields/form/validate-record';
import { useSensitiveSave } from '@/components/sensitive/use-sensitive-save';
import { ApiError } from '@/lib/client/api/core';
import { epochSeconds } from '@/lib/fields/types/time';
import { contentFields, formHeadFields } from './base-fields';
import { fetchNewsOne, requestSaveNewsInfo } from '@/lib/client/api/news';
import type { ClassInfo } from '@/lib/categories/to-api';
import type { NewsItem } from '@/lib/news/item-types';

/**
 * What the 内容 dialog shows: a blank item, or the item with this id (`isChecked`: run 检测 once it
 * is loaded, as when opened from 敏感词检查). null: closed.
 */
export type NewsFormTarget = { mode: 'create' } | { mode: 'edit'; id: number; isChecked?: boolean };

type UseNewsFormOptions = {
  info: ClassInfo;
  target: NewsFormTarget | null;
  onClose: () => void;
  onSaved: (options: { isCreate: boolean }) => void;
};

// Cleared text goes as '' so the server clears the column (null would leave it as it was).
const BASE_TEXT_KEYS = ['short_title', 'intro', 'content'] as const;

const fieldOfError = (error: unknown) => {
  const data = error instanceof ApiError ? (error.data as { field?: unknown } | null) : null;
  return typeof data?.field === 'string' ? data.field : null;
};

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
const isSameValue = (a: unknown, b: unknown) =>
  (isEmpty(a) && isEmpty(b)) || JSON.stringify(a) === JSON.stringify(b);

/**
 * The 内容 dialog's state: one record form over the base columns (as pseudo fields) and the
 * category's dynamic fields, loaded blank or by id, validated by the registry, saved with
 * save_news_info. Tracks unsaved changes so closing can ask first.
 */
export const useNewsForm = ({ info, target, onClose, onSaved }: UseNewsFormOptions) => {
  const { base_set: baseSet, list } = info.content_fileds;
  const fields = useMemo(
    () => [...formHeadFields({ baseSet }), ...list, ...contentFields({ baseSet })],
    [baseSet, list],
  );
  const isCreate = target?.mode !== 'edit';
  const form = useRecordForm({ fields, isCreate });
  const { reset, setValue } = form;
  const [item, setItem] = useState<NewsItem | null>(null);
  // The opening the form's values belong to; until they are in place the dialog shows a skeleton.
  const [readyTarget, setReadyTarget] = useState<NewsFormTarget | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [isDirty, setIsDirty] = useState(false);
  const sensitive = useSensitiveSave({ form });

  // Runs for a new target only: the form's or the host's callbacks changing must not reload it.
  const open = useEffectEvent((next: NewsFormTarget) => {
    setIsDirty(false);
    setItem(null);
    sensitive.clear();
    if (next.mode === 'create') {
      reset({ initial: { new_time: epochSeconds() }, isCreate: true });
      setReadyTarget(next);
      return () => undefined;
    }
    let isCurrent = true;
    fetchNewsOne({ id: next.id })
      .then((loaded) => {
        if (!isCurrent) return;
        setItem(loaded);
        reset({ initial: loaded, isCreate: false });
        setReadyTarget(next);
        if (next.isChecked) void sensitive.check({ ...loaded, class_id: info.id });
      })
      .catch(() => {
        // The API client has said why (gone, no right …): nothing to edit.
        if (isCurrent) onClose();
      });
    return () => {
      isCurrent = false;
    };
  });

  useEffect(() => (target ? open(target) : undefined), [target]);

  // Widgets may hand back the value they were given (the editor reports its empty document as ''):
  // that is not a change worth asking about.
  const valuesRef = useRef(form.values);
  useEffect(() => {
    valuesRef.current = form.values;
  });
  const trackedSetValue = useCallback(
    (path: string, update: ValueUpdate) => {
      if (typeof update === 'function' || !isSameValue(getIn({ values: valuesRef.current, path }), update))
        setIsDirty(true);
      setValue(path, update);
    },
    [setValue],
  );
  const trackedForm: RecordFormState = { ...form, setValue: trackedSetValue };

  // After 恢复此版本: the item as it is now (values and row version), the form as good as new.
  const reload = async () => {
    if (target?.mode !== 'edit') return;
    try {
      const loaded = await fetchNewsOne({ id: target.id });
      setItem(loaded);
      reset({ initial: loaded, isCreate: false });
      setIsDirty(false);
      sensitive.clear();
    } catch {
      // Shown by the API client; the form keeps what it had.
    }
  };

  const isLocked = item?.is_lock === 1;
  const isReady = target !== null && readyTarget === target;

  /** 确定, or 确认保存 (`isConfirmed`) after a refusal for words that need confirming. */
  const submit = async (event?: FormEvent, { isConfirmed = false } = {}) => {
    event?.preventDefault();
    if (!target || !isReady || isSaving || isLocked) return;
    const values = form.validate();
    if (!values) return;
    const body = {
      ...values,
      ...Object.fromEntries(
        BASE_TEXT_KEYS.filter((key) => key in values).map((key) => [key, values[key] ?? '']),
      ),
      class_id: info.id,
      ...(target.mode === 'edit' ? { id: target.id, row_version: item?.row_version } : { process: 0 }),
    };
    setIsSaving(true);
    try {
      const answer = await sensitive.send({
        body,
        isConfirmed,
        request: (payload) => requestSaveNewsInfo({ body: payload }),
      });
      // Refused for its 敏感词: the hits are shown under the form.
      if (!answer) return;
      sensitive.announceSaved(answer);
      setIsDirty(false);
      onSaved({ isCreate: target.mode === 'create' });
      onClose();
    } catch (error) {
      // The API client has shown the message; put it under the field it names as well.
      const key = fieldOfError(error);
      if (key && error instanceof Error) form.setError({ path: key, message: error.message });
    } finally {
      setIsSaving(false);
    }
  };

  /** 检测: the form's values as they stand (valid or not yet) against the word lists. */
  const check = () => {
    const result = validateRecord({ fields, values: form.values, isCreate });
    void sensitive.check({ ...(result.ok ? result.values : form.values), class_id: info.id });
  };

  return {
    form: trackedForm,
    fields,
    item,
    isReady,
    isSaving,
    isDirty,
    isLocked,
    isCreate,
    submit,
    reload,
    sensitive,
    check,
  };
};
