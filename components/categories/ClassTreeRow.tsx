'use client';

import AddRounded from '@mui/icons-material/AddRounded';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import DragIndicatorRounded from '@mui/icons-material/DragIndicatorRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import { RowMoreMenu } from '@/components/common/RowMoreMenu';
import { STICKY_ACTIONS } from '@/components/common/ScrollTableContainer';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { CLASS_TYPE_LABELS, type ClassType } from '@/lib/categories/schemas';
import type { ClassRow } from './class-tree';

type ClassTreeRowProps = {
  row: ClassRow;
  isCollapsed: boolean;
  isBusy: boolean;
  onToggle: () => void;
  onMove: (offset: -1 | 1) => void;
  onAddChild: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

const INDENT = 3;

/** One category of the tree table: drag handle, name with its fold toggle, attributes, actions. */
export function ClassTreeRow({
  row,
  isCollapsed,
  isBusy,
  onToggle,
  onMove,
  onAddChild,
  onEdit,
  onDelete,
}: ClassTreeRowProps) {
  const { node, depth, index, siblingCount, path, isReachable } = row;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: node.id, disabled: isBusy });
  const hasChildren = node.children.length > 0;

  return (
    <TableRow
      ref={setNodeRef}
      hover
      data-class-id={node.id}
      sx={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        bgcolor: isDragging ? 'action.selected' : undefined,
        boxShadow: isDragging ? 3 : undefined,
      }}
    >
      <TableCell padding="checkbox" sx={{ pl: 1 }}>
        <IconButton
          ref={setActivatorNodeRef}
          size="small"
          {...attributes}
          {...listeners}
          aria-label={`拖动排序 ${node.name}`}
          aria-roledescription="可拖动的栏目"
          sx={{
            cursor: 'grab',
            touchAction: 'none',
            color: 'text.disabled',
            '&:hover, &.Mui-focusVisible': { color: 'text.primary' },
          }}
        >
          <DragIndicatorRounded fontSize="small" />
        </IconButton>
      </TableCell>
      <TableCell component="th" scope="row">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pl: depth * INDENT }}>
          {hasChildren ? (
            <IconButton
              size="small"
              onClick={onToggle}
              aria-expanded={!isCollapsed}
              aria-label={`${isCollapsed ? '展开' : '折叠'} ${node.name}`}
            >
              {isCollapsed ? (
                <ChevronRightRounded fontSize="small" />
              ) : (
                <ExpandMoreRounded fontSize="small" />
              )}
            </IconButton>
          ) : (
            <Box sx={{ width: 34, flexShrink: 0 }} />
          )}
          <FolderOutlined fontSize="small" sx={{ color: depth === 0 ? 'primary.main' : 'text.secondary' }} />
          <Box component="span" sx={{ fontWeight: depth === 0 ? 600 : 400 }}>
            {node.name}
          </Box>
          {isReachable && (
            <Tooltip title="打开内容页">
              <IconButton
                size="small"
                href={path}
                aria-label={`打开 ${node.name} 的内容页`}
                sx={{ ml: 0.25, color: 'text.disabled' }}
              >
                <OpenInNewRounded sx={{ fontSize: 16 }} />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      </TableCell>
      <TableCell
        sx={{
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: '0.85em',
          color: 'text.secondary',
        }}
      >
        {node.key}
      </TableCell>
      <TableCell>
        <Chip
          variant="outlined"
          size="small"
          label={CLASS_TYPE_LABELS[node.class_type as ClassType] ?? node.class_type}
          color={node.class_type === '1' ? 'secondary' : 'primary'}
        />
      </TableCell>
      <TableCell align="center">{node.sort}</TableCell>
      <TableCell align="center">
        <Chip
          size="small"
          label={node.is_show ? '显示' : '隐藏'}
          color={node.is_show ? 'success' : 'default'}
          variant={node.is_show ? 'filled' : 'outlined'}
        />
      </TableCell>
      <TableCell align="right" className={STICKY_ACTIONS} sx={{ whiteSpace: 'nowrap' }}>
        <IconButton
          size="small"
          aria-label={`上移 ${node.name}`}
          disabled={isBusy || index === 0}
          onClick={() => onMove(-1)}
        >
          <ArrowUpwardRounded fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={`下移 ${node.name}`}
          disabled={isBusy || index === siblingCount - 1}
          onClick={() => onMove(1)}
        >
          <ArrowDownwardRounded fontSize="small" />
        </IconButton>
        <Button size="small" startIcon={<EditOutlined />} onClick={onEdit} sx={{ ml: 0.5 }}>
          编辑
        </Button>
        <RowMoreMenu
          name={`更多操作 ${node.name}`}
          actions={[
            { label: '新增子栏目', icon: <AddRounded fontSize="small" />, onClick: onAddChild },
            {
              label: '删除',
              icon: <DeleteOutlineRounded fontSize="small" />,
              onClick: onDelete,
              isDanger: true,
            },
          ]}
        />
      </TableCell>
    </TableRow>
  );
}
