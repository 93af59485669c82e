'use client';

import { useMemo, useState } from 'react';
import { ApiError, showSuccessMessage } from '@/lib/client/api/core';
import { fetchClassOne, requestSaveClass } from '@/lib/client/api/categories';
import type { ClassDetail, ClassDraft, ClassTreeNode } from './category-types';
import { emptyClassDraft, toClassDraft, toSavePayload } from './class-draft';
import { childrenOf } from './class-tree';
import { describeSchemaChanges } from './schema-changes';
import { checkClassDraft, type EditorTab } from './validate-class-draft';

type EditorOptions = {
  tree: readonly ClassTreeNode[];
  onSaved: () => Promise<void> | void;
};

const snapshot = (draft: ClassDraft) => JSON.stringify(toSavePayload(draft));

/** The category editor's state: load, edit, check with the server's rules, describe the schema changes, save. */
export const useClassEditor = ({ tree, onSaved }: EditorOptions) => {
  const [isOpen, setIsOpen] = useState(false);
  const [mode, setMode] = useState<'create' | 'edit'>('create');
  const [loaded, setLoaded] = useState<ClassDetail | null>(null);
  const [draft, setDraft] = useState<ClassDraft | null>(null);
  const [initial, setInitial] = useState('');
  const [tab, setTab] = useState<EditorTab>('basic');
  const [isSaving, setIsSaving] = useState(false);
  const [hasTriedSave, setHasTriedSave] = useState(false);
  const [serverError, setServerError] = useState('');
  const [isClosePending, setIsClosePending] = useState(false);

  const start = (next: ClassDraft | null, detail: ClassDetail | null) => {
    setLoaded(detail);
    setDraft(next);
    setInitial(next ? snapshot(next) : '');
    setTab('basic');
    setHasTriedSave(false);
    setServerError('');
  };

  const openCreate = ({ parentId }: { parentId: number }) => {
    setIsOpen(true);
    setMode('create');
    // New categories go last among their siblings.
    start(emptyClassDraft({ parentId, sort: childrenOf({ nodes: tree, parentId }).length }), null);
  };

  const openEdit = async ({ id }: { id: number }) => {
    setIsOpen(true);
    setMode('edit');
    start(null, null);
    try {
      const detail = await fetchClassOne({ id });
      start(toClassDraft(detail), detail);
    } catch {
      setIsOpen(false);
    }
  };

  const check = useMemo(() => (draft ? checkClassDraft({ draft }) : null), [draft]);
  const changes = useMemo(() => (draft ? describeSchemaChanges({ loaded, draft }) : []), [loaded, draft]);
  const isDirty = draft !== null && snapshot(draft) !== initial;

  const update = (patch: Partial<ClassDraft>) =>
    setDraft((previous) => (previous ? { ...previous, ...patch } : previous));

  const close = () => {
    setIsOpen(false);
    setIsClosePending(false);
  };
  /** Closing with unsaved edits asks first. */
  const requestClose = () => (isDirty && !isSaving ? setIsClosePending(true) : close());

  const save = async () => {
    if (!draft || !check || isSaving) return;
    setHasTriedSave(true);
    setServerError('');
    if (!check.ok) {
      setTab(check.tab);
      return;
    }
    setIsSaving(true);
    try {
      // A move to another parent places it last among the new siblings (save_class, one transaction).
      const { message } = await requestSaveClass({ payload: check.payload });
      showSuccessMessage({ message });
      close();
      await onSaved();
    } catch (error) {
      // The API client toasted it; keep it in the dialog too, next to the form that caused it.
      setServerError(error instanceof ApiError ? error.message : '保存失败');
    } finally {
      setIsSaving(false);
    }
  };

  return {
    isOpen,
    isLoading: isOpen && draft === null,
    isCreate: mode === 'create',
    loaded,
    draft,
    update,
    tab,
    setTab,
    check,
    changes,
    isDirty,
    isSaving,
    hasTriedSave,
    serverError,
    save,
    requestClose,
    isClosePending,
    keepEditing: () => setIsClosePending(false),
    discard: close,
    openCreate,
    openEdit,
  };
};

export type ClassEditorState = ReturnType<typeof useClassEditor>;
