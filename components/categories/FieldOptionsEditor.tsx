'use client';

import AddRounded from '@mui/icons-material/AddRounded';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FieldOption } from '@/lib/fields/definition';
import { OptionColorInput } from './OptionColorInput';
import { moveBy, removeAt, replaceAt } from './list-edit';

type FieldOptionsEditorProps = { options: FieldOption[]; onChange: (options: FieldOption[]) => void };

/** The options of a select type: label (shown), value (stored, unique), optional colour. */
export function FieldOptionsEditor({ options, onChange }: FieldOptionsEditorProps) {
  const set = (index: number, patch: Partial<FieldOption>) =>
    onChange(replaceAt({ list: options, index, item: { ...options[index], ...patch } }));

  return (
    <Box
      component="fieldset"
      sx={{ m: 0, p: 2, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
    >
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        选项
      </Typography>
      {options.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          至少需要一个选项。选项值会被保存，名称用于显示。
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.25 }}>
        {options.map((option, index) => (
          // Options have no id of their own; position is their identity while editing.
          <Box
            key={index}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 200px auto' },
              gap: 1.25,
              alignItems: 'center',
            }}
          >
            <TextField
              label={`选项 ${index + 1} 名称`}
              value={option.label}
              onChange={(event) => set(index, { label: event.target.value })}
              slotProps={{ htmlInput: { maxLength: 64 } }}
            />
            <TextField
              label={`选项 ${index + 1} 值`}
              value={String(option.value)}
              onChange={(event) => set(index, { value: event.target.value })}
              slotProps={{ htmlInput: { maxLength: 64, spellCheck: false } }}
            />
            <OptionColorInput
              label={`选项 ${index + 1} 颜色`}
              value={option.color ?? ''}
              onChange={(color) => set(index, { color: color || undefined })}
            />
            <Box sx={{ display: 'flex' }}>
              <IconButton
                size="small"
                aria-label={`上移选项 ${index + 1}`}
                disabled={index === 0}
                onClick={() => onChange(moveBy({ list: options, index, offset: -1 }))}
              >
                <ArrowUpwardRounded fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={`下移选项 ${index + 1}`}
                disabled={index === options.length - 1}
                onClick={() => onChange(moveBy({ list: options, index, offset: 1 }))}
              >
                <ArrowDownwardRounded fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                color="error"
                aria-label={`删除选项 ${index + 1}`}
                onClick={() => onChange(removeAt({ list: options, index }))}
              >
                <DeleteOutlineRounded fontSize="small" />
              </IconButton>
            </Box>
          </Box>
        ))}
      </Box>
      <Button
        size="small"
        startIcon={<AddRounded />}
        sx={{ mt: 1.25 }}
        onClick={() => onChange([...options, { label: '', value: String(options.length + 1) }])}
      >
        添加选项
      </Button>
    </Box>
  );
}
