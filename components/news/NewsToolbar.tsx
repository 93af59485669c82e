'use client';

import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import DriveFileMoveOutlined from '@mui/icons-material/DriveFileMoveOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import RestoreFromTrashOutlined from '@mui/icons-material/RestoreFromTrashOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatCount } from './format-count';

type NewsToolbarProps = {
  total: number;
  selectedCount: number;
  isExporting: boolean;
  onAdd: () => void;
  onDeleteSelected: () => void;
  onMoveSelected: () => void;
  onExport: () => void;
  onImport: () => void;
  /** Items of the category in the 回收站 (null until known). */
  binCount: number | null;
  onOpenBin: () => void;
  /** Buttons a kind of category adds after 导入 (流程总览). */
  extra?: ReactNode;
};

/** 新增 · 批量删除 (n) · 移动到… · 导出 · 导入 · 回收站 (n), and the count of matching items. */
export function NewsToolbar({
  total,
  selectedCount,
  isExporting,
  onAdd,
  onDeleteSelected,
  onMoveSelected,
  onExport,
  onImport,
  binCount,
  onOpenBin,
  extra,
}: NewsToolbarProps) {
  const hasSelection = selectedCount > 0;
  return (
    <Box
      role="toolbar"
      aria-label="内容操作"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
    >
      <Button variant="contained" startIcon={<AddRounded />} onClick={onAdd}>
        新增
      </Button>
      <Button
        variant="outlined"
        color="error"
        startIcon={<DeleteOutlineRounded />}
        onClick={onDeleteSelected}
        disabled={!hasSelection}
      >
        批量删除{hasSelection ? ` (${selectedCount})` : ''}
      </Button>
      <Button
        variant="outlined"
        startIcon={<DriveFileMoveOutlined />}
        onClick={onMoveSelected}
        disabled={!hasSelection}
      >
        移动到…
      </Button>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        onClick={onExport}
        loading={isExporting}
        loadingPosition="start"
      >
        导出
      </Button>
      <Button variant="outlined" startIcon={<FileUploadOutlined />} onClick={onImport}>
        导入
      </Button>
      {extra}
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<RestoreFromTrashOutlined />}
        onClick={onOpenBin}
        aria-label={binCount === null ? '回收站' : `回收站（${formatCount(binCount)} 条）`}
        sx={{ borderColor: 'divider' }}
      >
        回收站{binCount ? ` (${formatCount(binCount)})` : ''}
      </Button>
      <Typography
        variant="body2"
        component="p"
        aria-live="polite"
        sx={{ ml: 'auto', color: 'text.secondary' }}
      >
        共 {formatCount(total)} 条{hasSelection ? `，已选 ${selectedCount} 条` : ''}
      </Typography>
    </Box>
  );
}
