'use client';

import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { FieldCell } from '@/components/fields/FieldCell';
import type { BaseSetKey } from '@/lib/categories/schemas';
import { ProcessCell } from '@/components/process/ProcessCell';
import { listColumns } from '@/lib/news/list-columns';
import { baseField, NEW_TIME_FIELD } from '@/lib/news/base-columns';
import { columnSize } from './column-sizes';
import { LockedMark } from './LockedMark';
import type { ClassInfo, NewsItem } from './news-types';
import { NewsRowActions, type NewsRowHandlers } from './NewsRowActions';

const COMMON: Partial<GridColDef<NewsItem>> = {
  sortable: false,
  filterable: false,
  hideable: false,
  display: 'flex',
};

/**
 * The list's columns: the base fields and dynamic fields the category lists (the same set the
 * export writes), each drawn by its type's cell, then 时间 and 操作. Locked rows carry a lock
 * mark in the first column.
 */
export const useNewsColumns = ({ info, handlers }: { info: ClassInfo; handlers: NewsRowHandlers }) => {
  const { onEdit, onToggleLock, onDelete, process } = handlers;
  return useMemo<GridColDef<NewsItem>[]>(() => {
    const schema = info.content_fileds;
    const dataColumns = [
      ...listColumns(schema).map(({ key, title, field }) => ({
        key,
        title,
        field: field ?? baseField({ baseSet: schema.base_set, key: key as BaseSetKey }),
      })),
      { key: 'new_time', title: '时间', field: NEW_TIME_FIELD },
    ];
    const columns: GridColDef<NewsItem>[] = dataColumns.map(({ key, title, field }, index) => ({
      ...COMMON,
      ...columnSize({ type: field.type, isTitle: key === 'title' }),
      field: key,
      headerName: title,
      renderCell: ({ row }) => (
        <>
          {index === 0 && row.is_lock === 1 && <LockedMark />}
          <FieldCell field={field} value={row[key]} />
        </>
      ),
    }));
    if (process)
      // The step each item stands at, before 时间: saving or deleting a record refreshes it.
      columns.splice(columns.length - 1, 0, {
        ...COMMON,
        field: 'process',
        headerName: '流程',
        width: 120,
        renderCell: ({ row }) => <ProcessCell value={row.process} steps={schema.process} />,
      });
    columns.push({
      ...COMMON,
      field: '__actions',
      type: 'actions',
      headerName: '操作',
      // 编辑 · 锁定 · 删除, then 流程 · 填写流程 (and 流程图) in process categories.
      width: process ? (process.onChart ? 340 : 280) : 150,
      renderCell: (params) => (
        <NewsRowActions
          params={params}
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
