'use client';

import AddRounded from '@mui/icons-material/AddRounded';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ProcessDraft } from './category-types';
import { newProcessDraft } from './class-draft';
import { moveBy, removeAt, replaceAt } from './list-edit';

type ProcessOptionsEditorProps = {
  steps: ProcessDraft[];
  onChange: (steps: ProcessDraft[]) => void;
  problem: string;
};

const nextValue = (steps: ProcessDraft[]) => Math.max(0, ...steps.map((step) => Number(step.value) || 0)) + 1;

/** The ordered process steps of a type 4/5 category: a name and a unique positive whole number each. */
export function ProcessOptionsEditor({ steps, onChange, problem }: ProcessOptionsEditorProps) {
  const set = (index: number, patch: Partial<ProcessDraft>) =>
    onChange(replaceAt({ list: steps, index, item: { ...steps[index], ...patch } }));
  return (
    <Paper variant="outlined" sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        流程按顺序填写：第 N
        步只有在前面各步都填写后才能填写。步骤值是正整数且不能重复，内容的流程状态保存的就是这个值。
      </Typography>
      {problem && (
        <Alert severity="warning" role="status">
          {problem}
        </Alert>
      )}
      <Box
        component="ol"
        aria-label="流程步骤"
        sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 1.25 }}
      >
        {steps.map((step, index) => (
          <Box
            component="li"
            key={step.uid}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: '40px 1fr 160px auto' },
              gap: 1.25,
              alignItems: 'center',
            }}
          >
            <Typography sx={{ color: 'text.secondary', textAlign: 'center' }}>{index + 1}</Typography>
            <TextField
              label={`第 ${index + 1} 步名称`}
              value={step.title}
              onChange={(event) => set(index, { title: event.target.value })}
              slotProps={{ htmlInput: { maxLength: 32 } }}
            />
            <TextField
              label={`第 ${index + 1} 步的值`}
              value={step.value}
              onChange={(event) => set(index, { value: event.target.value.replace(/\D/g, '').slice(0, 9) })}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <Box sx={{ display: 'flex' }}>
              <IconButton
                size="small"
                aria-label={`上移第 ${index + 1} 步`}
                disabled={index === 0}
                onClick={() => onChange(moveBy({ list: steps, index, offset: -1 }))}
              >
                <ArrowUpwardRounded fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={`下移第 ${index + 1} 步`}
                disabled={index === steps.length - 1}
                onClick={() => onChange(moveBy({ list: steps, index, offset: 1 }))}
              >
                <ArrowDownwardRounded fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                color="error"
                aria-label={`删除第 ${index + 1} 步`}
                onClick={() => onChange(removeAt({ list: steps, index }))}
              >
                <DeleteOutlineRounded fontSize="small" />
              </IconButton>
            </Box>
          </Box>
        ))}
      </Box>
      <Box>
        <Button
          variant="outlined"
          size="small"
          startIcon={<AddRounded />}
          onClick={() => onChange([...steps, newProcessDraft({ value: nextValue(steps) })])}
        >
          添加步骤
        </Button>
      </Box>
    </Paper>
  );
}
