'use client';

import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ExpandLessRounded from '@mui/icons-material/ExpandLessRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { fieldTypeOf } from '@/lib/fields/registry';
import type { FieldDraft } from './category-types';
import { FieldDefinitionForm } from './FieldDefinitionForm';

type FieldRowProps = {
  field: FieldDraft;
  index: number;
  count: number;
  isOpen: boolean;
  isChild: boolean;
  hasListColumn: boolean;
  onToggle: () => void;
  onChange: (field: FieldDraft) => void;
  onMove: (offset: -1 | 1) => void;
  onRemove: () => void;
};

/** One definition: a summary line (name, key, type, flags, actions) that opens into its editor. */
export function FieldRow({
  field,
  index,
  count,
  isOpen,
  isChild,
  hasListColumn,
  onToggle,
  onChange,
  onMove,
  onRemove,
}: FieldRowProps) {
  const name = field.title.trim() || field.key.trim() || `第 ${index + 1} 个${isChild ? '子字段' : '字段'}`;
  const type = fieldTypeOf(field.type);
  const flags = [
    field.ismust && '必填',
    hasListColumn && field.showlist && '列表显示',
    !isChild && field.search && '搜索',
    type.isGroup && `${field.child_info.length} 个子字段`,
  ].filter((flag): flag is string => Boolean(flag));
  const editorId = `field-editor-${field.uid}`;

  return (
    <Paper
      component="li"
      variant="outlined"
      data-field-key={field.key}
      sx={{ overflow: 'hidden', borderColor: isOpen ? 'primary.main' : 'divider' }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.25,
          px: 1.5,
          py: 0.75,
          bgcolor: isOpen ? 'action.hover' : 'background.paper',
        }}
      >
        <Typography
          variant="caption"
          sx={{ width: 22, textAlign: 'center', color: 'text.secondary', flexShrink: 0 }}
        >
          {index + 1}
        </Typography>
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {name}
          </Typography>
          {field.key && (
            <Typography
              component="code"
              variant="caption"
              sx={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', color: 'text.secondary' }}
            >
              {field.key}
            </Typography>
          )}
          <Chip size="small" label={type.label} variant="outlined" color="primary" />
          {flags.map((flag) => (
            <Chip key={flag} size="small" label={flag} />
          ))}
        </Box>
        <IconButton
          size="small"
          aria-label={`上移 ${name}`}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          <ArrowUpwardRounded fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={`下移 ${name}`}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          <ArrowDownwardRounded fontSize="small" />
        </IconButton>
        <Button
          size="small"
          aria-expanded={isOpen}
          aria-controls={editorId}
          aria-label={`${isOpen ? '收起' : '编辑'} ${name}`}
          startIcon={isOpen ? <ExpandLessRounded /> : <EditOutlined />}
          onClick={onToggle}
        >
          {isOpen ? '收起' : '编辑'}
        </Button>
        <IconButton size="small" color="error" aria-label={`删除 ${name}`} onClick={onRemove}>
          <DeleteOutlineRounded fontSize="small" />
        </IconButton>
      </Box>
      <Collapse in={isOpen} unmountOnExit>
        <Box id={editorId} sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
          <FieldDefinitionForm
            field={field}
            onChange={onChange}
            isChild={isChild}
            hasListColumn={hasListColumn}
          />
        </Box>
      </Collapse>
    </Paper>
  );
}
