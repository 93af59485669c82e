'use client';

import { useState } from 'react';
import { usePagedRows } from '@/components/common/use-paged-rows';
import type { ConfirmRequest } from '@/components/news/use-confirm';
import { showSuccessMessage } from '@/lib/client/api/core';
import { fetchRecycleList, requestPurgeNews, requestRestoreNews } from '@/lib/client/api/recycle';
import type { RecycleItem } from '@/lib/news/recycle-types';

type UseRecycleBinOptions = {
  classId: number;
  confirm: (request: ConfirmRequest) => Promise<boolean>;
  /** After a restore (the list shows the items again) or a purge (only the bin's count changes). */
  onChanged: (change: { isRestore: boolean }) => void;
};

const named = (rows: readonly RecycleItem[]) =>
  rows.length === 1 ? `「${rows[0].title || `#${rows[0].id}`}」` : `选中的 ${rows.length} 条内容`;

/** The 回收站 of one category: its pages, a search by title, the selection, 恢复 and 彻底删除. */
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

  const restore = (rows: readonly RecycleItem[]) =>
    run({
      rows,
      kind: 'restore',
      question: {
        title: '恢复',
        message: `确定恢复${named(rows)}吗？恢复后回到本栏目的列表。`,
        confirmText: '恢复',
      },
    });

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

  return { list, selected, toggle, toggleAll, restore, purge, search, busy };
};

export type RecycleBinState = ReturnType<typeof useRecycleBin>;
