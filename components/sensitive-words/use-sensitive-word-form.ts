'use client';

import { useState, type FormEvent } from 'react';
import { ApiError, showSuccessMessage } from '@/lib/client/api/core';
import { requestSaveSensitiveWord, type SensitiveWordDraft } from '@/lib/client/api/sensitive';
import { showToast, TOAST_MS } from '@/lib/client/toast';
import type { SensitiveList, SensitiveWordRow } from '@/lib/sensitive/levels';
import { ZSaveSensitiveWordInput } from '@/lib/sensitive/schemas';

export type WordField = 'word' | 'level' | 'replacement' | 'note';
export type WordFormErrors = Partial<Record<WordField, string>>;

const FIELDS: readonly WordField[] = ['word', 'level', 'replacement', 'note'];

const draftOf = ({ list, row }: { list: SensitiveList; row: SensitiveWordRow | null }): SensitiveWordDraft =>
  row
    ? {
        id: row.id,
        list,
        word: row.word,
        level: row.level,
        replacement: row.replacement,
        note: row.note,
      }
    : { list, word: '', level: list === 'deny' ? 'block' : null, replacement: '', note: '' };

/** The field a refusal of the server is about, by what its message names (else none: a toast). */
const fieldOfMessage = (message: string): WordField | null => {
  // 「…」已在敏感词中 / 「…」与…相同: the word.
  if (message.startsWith('「')) return 'word';
  if (message.includes('替换为')) return 'replacement';
  if (message.includes('说明')) return 'note';
  if (message.includes('级别')) return 'level';
  if (message.includes('词语') || message.includes('相同')) return 'word';
  return null;
};

/**
 * The 新增 / 编辑 dialog's draft: checked here with the server's own schema (messages under their
 * fields), then saved; a refusal of the server (a word already listed …) goes under its field too.
 */
export const useSensitiveWordForm = ({
  list,
  row,
  onSaved,
}: {
  list: SensitiveList;
  row: SensitiveWordRow | null;
  onSaved: () => void;
}) => {
  const [draft, setDraft] = useState(() => draftOf({ list, row }));
  const [errors, setErrors] = useState<WordFormErrors>({});
  const [isSaving, setIsSaving] = useState(false);

  const change = <K extends keyof SensitiveWordDraft>(key: K, value: SensitiveWordDraft[K]) => {
    setDraft((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => ({ ...previous, [key]: undefined }));
  };

  const validate = () => {
    const result = ZSaveSensitiveWordInput.safeParse(draft);
    if (result.success) {
      setErrors({});
      return true;
    }
    const found: WordFormErrors = {};
    for (const issue of result.error.issues) {
      const key = FIELDS.find((field) => field === issue.path[0]);
      if (key && !found[key]) found[key] = issue.message;
    }
    setErrors(found);
    return false;
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (isSaving || !validate()) return;
    setIsSaving(true);
    try {
      const isReplace = draft.level === 'replace';
      const answer = await requestSaveSensitiveWord({
        ...draft,
        level: list === 'deny' ? draft.level : null,
        replacement: isReplace ? draft.replacement : '',
      });
      showSuccessMessage(answer);
      onSaved();
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 400) return; // The API client has said why.
      const key = fieldOfMessage(error.message);
      if (key) setErrors((previous) => ({ ...previous, [key]: error.message }));
      else showToast(error.message, { variant: 'error', autoHideDuration: TOAST_MS });
    } finally {
      setIsSaving(false);
    }
  };

  return { draft, errors, isSaving, change, submit };
};
