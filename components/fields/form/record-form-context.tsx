'use client';

import { createContext, useContext } from 'react';
import type { RecordValues, ValueUpdate } from './record-values';
import type { FieldErrors } from './validate-record';

/** Counts running uploads: `begin` answers the function that ends one. */
export type UploadTracker = { begin: () => () => void };

export type RecordFormContextValue = {
  values: RecordValues;
  errors: FieldErrors;
  setValue: (path: string, update: ValueUpdate) => void;
  isDisabled: boolean;
  uploads: UploadTracker;
};

const RecordFormContext = createContext<RecordFormContextValue | null>(null);

export const RecordFormProvider = RecordFormContext.Provider;

/** The form a widget is drawn in; nested widgets (child_info rows) reach their values through it. */
export const useRecordFormContext = () => {
  const value = useContext(RecordFormContext);
  if (!value) throw new Error('字段组件必须放在 RecordForm 中使用');
  return value;
};

/** Outside a form (a search bar, a cell) there is nothing to tell about uploads. */
export const useUploadTracker = () => useContext(RecordFormContext)?.uploads ?? null;
