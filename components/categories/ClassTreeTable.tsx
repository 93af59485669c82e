'use client';

import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import { ScrollTableContainer, STICKY_ACTIONS } from '@/components/common/ScrollTableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useMemo } from 'react';
import type { ClassTreeNode } from './category-types';
import type { ClassRow } from './class-tree';
import { ClassTreeRow } from './ClassTreeRow';
import { dragAnnouncements } from './drag-announcements';
import { restrictToVerticalAxis } from './restrict-vertical';

type ClassTreeTableProps = {
  rows: ClassRow[];
  collapsed: ReadonlySet<number>;
  isBusy: boolean;
  onToggle: (node: ClassTreeNode) => void;
  onMove: (row: ClassRow, offset: -1 | 1) => void;
  onDrop: (activeId: number, overId: number) => void;
  onAddChild: (node: ClassTreeNode) => void;
  onEdit: (node: ClassTreeNode) => void;
  onDelete: (node: ClassTreeNode) => void;
};

const COLUMNS = [
  { label: '名称', align: 'left' },
  { label: '标识', align: 'left', width: 160 },
  { label: '类型', align: 'left', width: 130 },
  { label: '排序', align: 'center', width: 70 },
  { label: '显示', align: 'center', width: 80 },
  { label: '操作', align: 'right', width: 200 },
] as const;

/** The category tree as a table. Dropping a row on another puts it beside that one (same parent, that place). */
export function ClassTreeTable({
  rows,
  collapsed,
  isBusy,
  onToggle,
  onMove,
  onDrop,
  onAddChild,
  onEdit,
  onDelete,
}: ClassTreeTableProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const accessibility = useMemo(() => {
    const names = new Map(rows.map((row) => [row.node.id, row.node.name]));
    return {
      announcements: dragAnnouncements({ nameOf: (id) => names.get(id) ?? String(id) }),
      screenReaderInstructions: {
        draggable: '按空格键拿起栏目，用上下方向键移动，再按空格键放下；按 Esc 取消。',
      },
    };
  }, [rows]);
  const drop = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onDrop(Number(active.id), Number(over.id));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[restrictToVerticalAxis]}
      onDragEnd={drop}
      accessibility={accessibility}
    >
      <ScrollTableContainer>
        <Table aria-label="栏目列表" sx={{ minWidth: 780 }}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" aria-label="拖动" />
              {COLUMNS.map((column) => (
                <TableCell
                  key={column.label}
                  align={column.align}
                  className={column.label === '操作' ? STICKY_ACTIONS : undefined}
                  sx={{
                    width: 'width' in column ? column.width : undefined,
                    fontWeight: 600,
                    bgcolor: 'background.subtle',
                  }}
                >
                  {column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <SortableContext items={rows.map((row) => row.node.id)} strategy={verticalListSortingStrategy}>
            <TableBody>
              {rows.map((row) => (
                <ClassTreeRow
                  key={row.node.id}
                  row={row}
                  isCollapsed={collapsed.has(row.node.id)}
                  isBusy={isBusy}
                  onToggle={() => onToggle(row.node)}
                  onMove={(offset) => onMove(row, offset)}
                  onAddChild={() => onAddChild(row.node)}
                  onEdit={() => onEdit(row.node)}
                  onDelete={() => onDelete(row.node)}
                />
              ))}
            </TableBody>
          </SortableContext>
        </Table>
      </ScrollTableContainer>
    </DndContext>
  );
}
