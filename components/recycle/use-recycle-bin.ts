'use client';

import { useState } from 'react';
import { usePagedRows } from '@/components/common/use-paged-rows';
import type { ConfirmRequest } from '@/components/news/use-confirm';
import { showSuccessMessage } from '@/lib/client/api/core';
import { showToast } from '@/lib/client/toast';
import { fetchRecycleList, requestPurgeNews, requestRestoreNews } from '@/lib/client/api/recycle';
import type { RecycleItem } from '@/lib/news/recycle-types';

type UseRecycleBinOptions = {
  /** One category's bin; none: the bin of every category the user may work in. */
  classId?: number;
  confirm: (request: ConfirmRequest) => Promise<boolean>;
  /** After a restore (the list shows the items again) or a purge (only the bin's count changes). */
  onChanged: (change: { isRestore: boolean }) => void;
};

const named = (rows: readonly RecycleItem[]) =>
  rows.length === 1 ? `「${rows[0].title || `#${rows[0].id}`}」` : `选中的 ${rows.length} 条内容`;

/**
 * Items whose category is gone, waiting for the user to choose where they go (a category of the
 * type theirs had), and the others chosen with them, restored to their own categories first.
 */
export type PendingTarget = { gone: RecycleItem[]; live: RecycleItem[]; classType: string };

/**
 * The 回收站 of one category, or of all (`classId` undefined): its pages, a search by title, the
 * selection, 恢复 (asking where to, for items whose category has been deleted) and 彻底删除.
 */
export const useRecycleBin = ({ classId, confirm, onChanged }: UseRecycleBinOptions) => {
  const list = usePagedRows({
    initialQuery: { classId, title: '' },
    fetchRows: fetchRecycleList,
    stepBackWhenEmpty: true,
  });
  const [selection, setSelection] = useState<ReadonlySet<number>>(() => new Set());
  const [busy, setBusy] = useState<'restore' | 'purge' | null>(null);
  // Only what is on the page shown counts as selected.
  const selected = list.rows.filter((row) => selection.has(row.id));

  const toggle = (id: number) =>
    setSelection((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelection(selected.length === list.rows.length ? new Set() : new Set(list.rows.map((row) => row.id)));

  const run = async ({
    rows,
    kind,
    question,
  }: {
    rows: readonly RecycleItem[];
    kind: 'restore' | 'purge';
    question: ConfirmRequest;
  }) => {
    if (rows.length === 0 || busy) return;
    if (!(await confirm(question))) return;
    setBusy(kind);
    try {
      const ids = rows.map((row) => row.id);
      const { data } =
        kind === 'restore' ? await requestRestoreNews({ ids }) : await requestPurgeNews({ ids });
      const count = data?.count ?? ids.length;
      showSuccessMessage({
        message: kind === 'restore' ? `已恢复 ${count} 条内容` : `已彻底删除 ${count} 条内容`,
      });
      setSelection(new Set());
      list.reload();
      onChanged({ isRestore: kind === 'restore' });
    } catch {
      // The API client has shown why; nothing changed (all or nothing).
    } finally {
      setBusy(null);
    }
  };

  const [pendingTarget, setPendingTarget] = useState<PendingTarget | null>(null);

  const restore = (rows: readonly RecycleItem[]) => {
    const gone = rows.filter((row) => row.is_class_gone);
    if (gone.length === 0)
      return run({
        rows,
        kind: 'restore',
        question: {
          title: '恢复',
          message: `确定恢复${named(rows)}吗？恢复后回到${classId === undefined ? '原栏目' : '本栏目'}的列表。`,
          confirmText: '恢复',
        },
      });
    const types = new Set(gone.map((row) => row.class_type));
    if (types.size > 1) {
      showToast('所选内容的原栏目已删除且类型不同，请按栏目分别恢复', { variant: 'warning' });
      return;
    }
    setPendingTarget({ gone, live: rows.filter((row) => !row.is_class_gone), classType: gone[0].class_type });
  };

  /** The target chosen for `pendingTarget`: the others go home first, then the orphans there. */
  const restoreInto = async (targetId: number) => {
    if (!pendingTarget || busy) return false;
    const { gone, live } = pendingTarget;
    setBusy('restore');
    let count = 0;
    try {
      if (live.length > 0) {
        count += (await requestRestoreNews({ ids: live.map((row) => row.id) })).data?.count ?? live.length;
        list.reload();
      }
      count +=
        (await requestRestoreNews({ ids: gone.map((row) => row.id), classId: targetId })).data?.count ??
        gone.length;
      showSuccessMessage({ message: `已恢复 ${count} 条内容` });
      setPendingTarget(null);
      setSelection(new Set());
      list.reload();
      onChanged({ isRestore: true });
      return true;
    } catch {
      // The API client has shown why; each call is all or nothing.
      if (count > 0) onChanged({ isRestore: true });
      return false;
    } finally {
      setBusy(null);
    }
  };

  const purge = (rows: readonly RecycleItem[]) =>
    run({
      rows,
      kind: 'purge',
      question: {
        title: '彻底删除',
        message: `彻底删除后无法恢复。确定彻底删除${named(rows)}吗？`,
        confirmText: '彻底删除',
        isDanger: true,
        focus: 'cancel',
      },
    });

  const search = (title: string) => {
    list.setQuery({ classId, title: title.trim() });
    list.setPage(1);
  };

  return {
    list,
    selected,
    toggle,
    toggleAll,
    restore,
    purge,
    search,
    busy,
    pendingTarget,
    restoreInto,
    cancelTarget: () => setPendingTarget(null),
  };
};

export type RecycleBinState = ReturnType<typeof useRecycleBin>;
