'use client';

import { useMemo, type ReactNode } from 'react';
import { FieldCell } from '@/components/fields/FieldCell';
import type { BaseSetKey } from '@/lib/categories/schemas';
import { ProcessCell } from '@/components/process/ProcessCell';
import { listColumns } from '@/lib/news/list-columns';
import { baseField, NEW_TIME_FIELD } from '@/lib/news/base-columns';
import { columnSize, type ColumnSize } from './column-sizes';
import { LockedMark } from './LockedMark';
import type { ClassInfo } from '@/lib/categories/to-api';
import type { NewsItem } from '@/lib/news/item-types';
import { NewsRowActions, type NewsRowHandlers } from './NewsRowActions';

/** The key of the row's actions column (sticky at the table's right edge). */
export const ACTIONS_KEY = '__actions';

/** One column of the content table: its header, its width and how a row's cell is drawn. */
export type NewsColumn = {
  key: string;
  header: string;
  size: ColumnSize;
  render: (row: NewsItem) => ReactNode;
};

/**
 * The list's columns: the base fields and dynamic fields the category lists (the same set the
 * export writes), each drawn by its type's cell, then 时间 and 操作. Locked rows carry a lock
 * mark in the first column.
 */
export const useNewsColumns = ({ info, handlers }: { info: ClassInfo; handlers: NewsRowHandlers }) => {
  const { onEdit, onToggleLock, onDelete, process } = handlers;
  return useMemo<NewsColumn[]>(() => {
    const schema = info.content_fileds;
    const dataColumns = [
      ...listColumns(schema).map(({ key, title, field }) => ({
        key,
        title,
        field: field ?? baseField({ baseSet: schema.base_set, key: key as BaseSetKey }),
      })),
      { key: 'new_time', title: '时间', field: NEW_TIME_FIELD },
    ];
    const columns: NewsColumn[] = dataColumns.map(({ key, title, field }, index) => ({
      key,
      header: title,
      size: columnSize({ type: field.type, isTitle: key === 'title' }),
      render: (row) => (
        <>
          {index === 0 && row.is_lock === 1 && <LockedMark />}
          <FieldCell field={field} value={row[key]} />
        </>
      ),
    }));
    if (process)
      // The step each item stands at, before 时间: saving or deleting a record refreshes it.
      columns.splice(columns.length - 1, 0, {
        key: 'process',
        header: '流程',
        size: { width: 120 },
        render: (row) => <ProcessCell value={row.process} steps={schema.process} />,
      });
    columns.push({
      key: ACTIONS_KEY,
      header: '操作',
      // 编辑 · 锁定 · 删除; in process categories 编辑 · 填写流程 · 更多 (NewsRowActions).
      size: { width: process ? 170 : 150 },
      render: (row) => (
        <NewsRowActions
          row={row}
          onEdit={onEdit}
          onToggleLock={onToggleLock}
          onDelete={onDelete}
          process={process}
        />
      ),
    });
    return columns;
  }, [info.content_fileds, onEdit, onToggleLock, onDelete, process]);
};
