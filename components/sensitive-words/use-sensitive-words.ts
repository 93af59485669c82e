'use client';

import { useState } from 'react';
import { usePagedRows } from '@/components/common/use-paged-rows';
import type { ConfirmRequest } from '@/components/news/use-confirm';
import { showSuccessMessage } from '@/lib/client/api/core';
import {
  downloadSensitiveWords,
  fetchSensitiveWords,
  requestDeleteSensitiveWords,
} from '@/lib/client/api/sensitive';
import type { SensitiveLevel, SensitiveList, SensitiveWordRow } from '@/lib/sensitive/levels';

export type WordFilters = { word: string; level: SensitiveLevel | '' };
export const NO_FILTERS: WordFilters = { word: '', level: '' };

const named = (rows: readonly SensitiveWordRow[]) =>
  rows.length === 1 ? `「${rows[0].word}」` : `选中的 ${rows.length} 个词语`;

type UseSensitiveWordsOptions = { confirm: (request: ConfirmRequest) => Promise<boolean> };

/**
 * 敏感词 page state: the list shown (敏感词 or 白名单), its filters, a page of words, the selection
 * (of the page shown), 删除 (one or the selection, asked first) and 导出.
 */
export const useSensitiveWords = ({ confirm }: UseSensitiveWordsOptions) => {
  const paged = usePagedRows({
    initialQuery: { list: 'deny' as SensitiveList, ...NO_FILTERS },
    fetchRows: fetchSensitiveWords,
    stepBackWhenEmpty: true,
  });
  const { query, setQuery, setPage, reload } = paged;
  const [selection, setSelection] = useState<ReadonlySet<number>>(() => new Set());
  const [isDeleting, setIsDeleting] = useState(false);
  const [isExporting, setIsExporting] = useState(false);
  const selected = paged.rows.filter((row) => selection.has(row.id));

  const showList = (list: SensitiveList) => {
    setQuery({ list, ...NO_FILTERS });
    setPage(1);
    setSelection(new Set());
  };

  const search = (filters: WordFilters) => {
    setQuery({
      list: query.list,
      word: filters.word.trim(),
      level: query.list === 'deny' ? filters.level : '',
    });
    setPage(1);
    // The same filters again still reads afresh (a search is also a refresh).
    reload();
  };

  const toggle = (id: number) =>
    setSelection((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelection(
      selected.length === paged.rows.length ? new Set() : new Set(paged.rows.map((row) => row.id)),
    );

  const remove = async (rows: readonly SensitiveWordRow[]) => {
    if (rows.length === 0 || isDeleting) return;
    const isConfirmed = await confirm({
      title: '删除词语',
      message: `确定删除${named(rows)}吗？删除后立即生效，保存内容时不再检查${rows.length === 1 ? '它' : '它们'}。`,
      confirmText: '删除',
      isDanger: true,
      focus: 'cancel',
    });
    if (!isConfirmed) return;
    setIsDeleting(true);
    try {
      showSuccessMessage(await requestDeleteSensitiveWords({ ids: rows.map((row) => row.id) }));
      setSelection((current) => new Set([...current].filter((id) => !rows.some((row) => row.id === id))));
      reload();
    } catch {
      // The API client has said why; nothing was deleted (all or nothing).
    } finally {
      setIsDeleting(false);
    }
  };

  const exportList = async () => {
    setIsExporting(true);
    try {
      await downloadSensitiveWords({ list: query.list });
    } catch {
      // Shown by the download helper.
    } finally {
      setIsExporting(false);
    }
  };

  const isFiltered = query.word !== '' || query.level !== '';
  return {
    ...paged,
    selected,
    isFiltered,
    isDeleting,
    isExporting,
    showList,
    search,
    toggle,
    toggleAll,
    remove,
    exportList,
  };
};

export type SensitiveWordsState = ReturnType<typeof useSensitiveWords>;
