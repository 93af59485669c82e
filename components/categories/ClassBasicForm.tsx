'use client';

import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CLASS_TYPE_LABELS, CLASS_TYPES, type ClassType } from '@/lib/categories/schemas';
import type { ClassDraft, ClassTreeNode } from './category-types';
import { ParentClassSelect } from './ParentClassSelect';

type ClassBasicFormProps = {
  draft: ClassDraft;
  update: (patch: Partial<ClassDraft>) => void;
  tree: readonly ClassTreeNode[];
  problem: string;
};

const TYPE_HINTS: Record<ClassType, string> = {
  '0': '内容列表：增删改查内容条目',
  '1': '单页：一张表单，如「关于我们」',
  '4': '内容列表，每条内容带多步流程（步骤与时间）',
  '5': '内容列表，并以流程图展示每条内容的进度',
};

const TYPE_SHOW_OPTIONS = [
  { value: '', label: '默认' },
  { value: 'process', label: '流程（process）' },
];

/** 名称, 标识, 上级栏目, 类型, 展示方式, 图标, 排序, hr_type and the two switches. */
export function ClassBasicForm({ draft, update, tree, problem }: ClassBasicFormProps) {
  const isKeyBad = !/^[A-Za-z0-9_-]*$/.test(draft.key.trim());
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            label="栏目名称"
            required
            fullWidth
            autoFocus
            value={draft.name}
            onChange={(event) => update({ name: event.target.value })}
            error={Boolean(problem) && !draft.name.trim()}
            slotProps={{ htmlInput: { maxLength: 64 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            label="栏目标识"
            fullWidth
            value={draft.key}
            onChange={(event) => update({ key: event.target.value })}
            error={isKeyBad}
            helperText={
              isKeyBad
                ? '栏目标识只能包含字母、数字、下划线和短横线'
                : `网址中的一段：/NewsManage/…/${draft.key.trim() || (draft.id ?? '栏目ID')}；留空则使用栏目 ID`
            }
            slotProps={{ htmlInput: { maxLength: 64, spellCheck: false, autoComplete: 'off' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ParentClassSelect
            tree={tree}
            value={draft.parent_id}
            selfId={draft.id}
            onChange={(parent_id) => update({ parent_id })}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            select
            label="栏目类型"
            fullWidth
            value={draft.class_type}
            onChange={(event) => update({ class_type: event.target.value as ClassType })}
            helperText={TYPE_HINTS[draft.class_type]}
          >
            {CLASS_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {CLASS_TYPE_LABELS[type]}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            select
            label="展示方式"
            fullWidth
            value={draft.type_show}
            onChange={(event) => update({ type_show: event.target.value })}
            helperText="type_show：列表页的展示方式"
            // '' is a real choice (默认): show it rather than an empty box under a floating label.
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            {TYPE_SHOW_OPTIONS.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
            {/* A value saved by another client stays selectable instead of showing blank. */}
            {!TYPE_SHOW_OPTIONS.some((option) => option.value === draft.type_show) && (
              <MenuItem value={draft.type_show}>{draft.type_show}</MenuItem>
            )}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            label="图标"
            fullWidth
            value={draft.icon}
            onChange={(event) => update({ icon: event.target.value })}
            helperText="图标名称，可留空"
            slotProps={{ htmlInput: { maxLength: 64 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            label="排序"
            fullWidth
            value={draft.sort}
            onChange={(event) => update({ sort: event.target.value.replace(/[^\d-]/g, '') })}
            helperText="同级栏目中从小到大排列"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            label="hr_type"
            fullWidth
            value={draft.hr_type}
            onChange={(event) => update({ hr_type: event.target.value })}
            helperText="业务分类标识，可留空"
            slotProps={{ htmlInput: { maxLength: 32 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <FormControlLabel
            control={
              <Switch
                checked={draft.is_show}
                onChange={(event) => update({ is_show: event.target.checked })}
              />
            }
            label="显示"
          />
          <FormHelperText sx={{ mt: 0 }}>隐藏后不出现在「内容管理」菜单中（其子栏目一并隐藏）</FormHelperText>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <FormControlLabel
            control={
              <Switch
                checked={draft.is_content}
                onChange={(event) => update({ is_content: event.target.checked })}
              />
            }
            label="内容详情"
          />
          <FormHelperText sx={{ mt: 0 }}>other_info.is_content：内容带详情页</FormHelperText>
        </Grid>
      </Grid>
      <Typography variant="caption" component="p" sx={{ mt: 2, color: 'text.secondary' }}>
        栏目 ID：{draft.id ?? '保存后生成'}
      </Typography>
    </Paper>
  );
}
