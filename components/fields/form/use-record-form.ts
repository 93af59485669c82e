'use client';

import { showToast, TOAST_MS } from '@/lib/client/toast';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { FieldDefinition } from '@/lib/fields/definition';
import type { StoredValue } from '@/lib/fields/type-definition';
import { focusField } from './focus-field';
import type { UploadTracker } from './record-form-context';
import { initialRecordValues, setIn, type RecordValues, type ValueUpdate } from './record-values';
import { validateRecord, type FieldErrors } from './validate-record';

export type UseRecordFormOptions = {
  fields: readonly FieldDefinition[];
  /** Stored values by key (class_fields, a news item); missing keys start empty. */
  initial?: Record<string, unknown>;
  /** A new record: empty date/datetime fields start at the registry's default (now). */
  isCreate: boolean;
};

const withoutPath = ({ errors, path }: { errors: FieldErrors; path: string }) => {
  const group = path.split('.')[0];
  const kept = Object.entries(errors).filter(
    ([key]) => key !== path && key !== group && !key.startsWith(`${path}.`),
  );
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
};

/**
 * The state of a record form (the single-page form, the 内容 dialog): values, errors, and
 * `validate`, which runs the registry's own validation, shows every message under its widget,
 * focuses the first invalid field, and answers the normalised values to send (or null).
 */
export const useRecordForm = ({ fields, initial, isCreate }: UseRecordFormOptions) => {
  const [values, setValues] = useState<RecordValues>(() =>
    initialRecordValues({ fields, initial, isCreate }),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [uploadCount, setUploadCount] = useState(0);
  const rootRef = useRef<HTMLDivElement | null>(null);

  const setValue = useCallback((path: string, update: ValueUpdate) => {
    setValues((previous) => setIn({ values: previous, path, update }));
    setErrors((previous) => withoutPath({ errors: previous, path }));
  }, []);

  /** Shows a message under a field, e.g. the one the server refused (its answer names the key). */
  const setError = useCallback(({ path, message }: { path: string; message: string }) => {
    setErrors((previous) => ({ ...previous, [path]: message }));
    requestAnimationFrame(() => focusField({ root: rootRef.current, path }));
  }, []);

  /** Shows messages under several fields at once without moving the focus (a save's 敏感词 hits). */
  const showErrors = useCallback((next: FieldErrors) => {
    setErrors((previous) => ({ ...previous, ...next }));
  }, []);

  const uploads = useMemo<UploadTracker>(
    () => ({
      begin: () => {
        setUploadCount((count) => count + 1);
        let isDone = false;
        return () => {
          if (isDone) return;
          isDone = true;
          setUploadCount((count) => count - 1);
        };
      },
    }),
    [],
  );

  const validate = (): Record<string, StoredValue> | null => {
    if (uploadCount > 0) {
      showToast('文件正在上传，请等待上传完成后再保存', {
        variant: 'warning',
        autoHideDuration: TOAST_MS,
      });
      return null;
    }
    const result = validateRecord({ fields, values, isCreate });
    if (result.ok) {
      setErrors({});
      return result.values;
    }
    setErrors(result.errors);
    const first = Object.keys(result.errors)[0];
    // After the messages render, so the field scrolled to already shows its error.
    requestAnimationFrame(() => focusField({ root: rootRef.current, path: first }));
    return null;
  };

  /** Starts over from other stored values (the record was reloaded or saved). */
  const reset = useCallback(
    ({
      initial: next,
      isCreate: nextIsCreate = isCreate,
    }: { initial?: Record<string, unknown>; isCreate?: boolean } = {}) => {
      setValues(initialRecordValues({ fields, initial: next, isCreate: nextIsCreate }));
      setErrors({});
    },
    [fields, isCreate],
  );

  return {
    fields,
    values,
    errors,
    isUploading: uploadCount > 0,
    setValue,
    setError,
    showErrors,
    validate,
    reset,
    uploads,
    rootRef,
  };
};

export type RecordFormState = ReturnType<typeof useRecordForm>;
