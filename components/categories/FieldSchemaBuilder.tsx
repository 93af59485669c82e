'use client';

import AddRounded from '@mui/icons-material/AddRounded';
import PlaylistAddRounded from '@mui/icons-material/PlaylistAddRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import type { FieldDraft } from './category-types';
import { newFieldDraft } from './class-draft';
import { FieldRow } from './FieldRow';
import { moveBy, removeAt, replaceAt } from './list-edit';

type FieldSchemaBuilderProps = {
  fields: FieldDraft[];
  onChange: (fields: FieldDraft[]) => void;
  /** `list` schemas choose their list columns and search fields. */
  hasListColumn?: boolean;
  /** Inside a child_info group: one level only, no list/search attributes. */
  isChild?: boolean;
  problem?: string;
  description?: string;
};

/** Add, edit, remove and reorder field definitions; one definition is open for editing at a time. */
export function FieldSchemaBuilder({
  fields,
  onChange,
  hasListColumn = false,
  isChild = false,
  problem = '',
  description,
}: FieldSchemaBuilderProps) {
  const [openUid, setOpenUid] = useState<string | null>(null);
  const noun = isChild ? '子字段' : '字段';
  const addButton = useRef<HTMLButtonElement>(null);

  const add = () => {
    const field = newFieldDraft();
    onChange([...fields, field]);
    setOpenUid(field.uid);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.25 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {description && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {description}
            </Typography>
          )}
          {!isChild && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              共 {fields.length} 个字段；删除字段只会隐藏，已保存的数据会保留。
            </Typography>
          )}
        </Box>
        <Button
          ref={addButton}
          variant={isChild ? 'outlined' : 'contained'}
          size="small"
          startIcon={<AddRounded />}
          onClick={add}
        >
          添加{noun}
        </Button>
      </Box>
      {problem && (
        <Alert severity="warning" role="status">
          {problem}
        </Alert>
      )}
      {fields.length === 0 ? (
        <Box
          sx={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: 1,
            py: isChild ? 2 : 5,
            color: 'text.secondary',
            border: 1,
            borderStyle: 'dashed',
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'background.paper',
          }}
        >
          <PlaylistAddRounded />
          <Typography variant="body2">
            还没有{noun}，点击「添加{noun}」开始定义
          </Typography>
        </Box>
      ) : (
        <Box
          component="ol"
          aria-label={`${noun}列表`}
          sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 1 }}
        >
          {fields.map((field, index) => (
            <FieldRow
              key={field.uid}
              field={field}
              index={index}
              count={fields.length}
              isOpen={openUid === field.uid}
              isChild={isChild}
              hasListColumn={hasListColumn && !isChild}
              onToggle={() => setOpenUid((current) => (current === field.uid ? null : field.uid))}
              onChange={(item) => onChange(replaceAt({ list: fields, index, item }))}
              onMove={(offset) => onChange(moveBy({ list: fields, index, offset }))}
              onRemove={() => {
                onChange(removeAt({ list: fields, index }));
                // The pressed button is gone with its row; keep focus inside the dialog (Escape, Tab still work).
                addButton.current?.focus();
              }}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
