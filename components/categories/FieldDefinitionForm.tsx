'use client';

import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FieldType } from '@/lib/fields/field-types';
import { fieldTypeOf } from '@/lib/fields/registry';
import type { FieldDraft } from './category-types';
import { CountInput } from './CountInput';
import { hasLimit, maxLabelOf, retypeField, SEARCH_KIND_HINTS, selectableTypes } from './field-traits';
import { FieldOptionsEditor } from './FieldOptionsEditor';
import { FieldSchemaBuilder } from './FieldSchemaBuilder';

type FieldDefinitionFormProps = {
  field: FieldDraft;
  onChange: (field: FieldDraft) => void;
  isChild: boolean;
  hasListColumn: boolean;
};

/** Every attribute of one definition, shown according to its type's traits in the registry. */
export function FieldDefinitionForm({ field, onChange, isChild, hasListColumn }: FieldDefinitionFormProps) {
  const traits = fieldTypeOf(field.type);
  const prefix = isChild ? '子字段' : '字段';
  const set = (patch: Partial<FieldDraft>) => onChange({ ...field, ...patch });
  const maxLabel = maxLabelOf({ type: field.type });
  const id = (name: string) => `field-def-${field.uid}-${name}`;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            id={id('key')}
            label={`${prefix}标识`}
            required
            fullWidth
            value={field.key}
            onChange={(event) => set({ key: event.target.value })}
            helperText="小写字母开头，只含小写字母、数字和下划线；改标识等于新建字段"
            slotProps={{ htmlInput: { maxLength: 64, spellCheck: false, autoComplete: 'off' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            id={id('title')}
            label={`${prefix}名称`}
            required
            fullWidth
            value={field.title}
            onChange={(event) => set({ title: event.target.value })}
            slotProps={{ htmlInput: { maxLength: 64 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            id={id('type')}
            select
            label={`${prefix}类型`}
            fullWidth
            value={field.type}
            onChange={(event) => onChange(retypeField({ field, type: event.target.value as FieldType }))}
            slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 400 } } } } } }}
          >
            {selectableTypes({ isChild }).map((type) => (
              <MenuItem key={type} value={type}>
                {fieldTypeOf(type).label}
                <Typography component="span" variant="caption" sx={{ ml: 1, color: 'text.secondary' }}>
                  {type}
                </Typography>
              </MenuItem>
            ))}
          </TextField>
        </Grid>
      </Grid>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5 }}>
        <FormControlLabel
          control={
            <Switch
              checked={field.ismust}
              disabled={traits.isServerAssigned}
              onChange={(event) => set({ ismust: event.target.checked })}
            />
          }
          label={traits.isServerAssigned ? '必填（由系统自动填写）' : '必填'}
        />
        {hasListColumn && (
          <FormControlLabel
            control={
              <Switch
                checked={field.showlist}
                onChange={(event) => set({ showlist: event.target.checked })}
              />
            }
            label="列表显示"
          />
        )}
        {!isChild && traits.search && (
          <FormControlLabel
            control={
              <Switch checked={field.search} onChange={(event) => set({ search: event.target.checked })} />
            }
            label={`作为搜索条件（${SEARCH_KIND_HINTS[traits.search]}）`}
          />
        )}
        {traits.hasOptions && (
          <FormControlLabel
            control={
              <Switch
                checked={field.is_self_write}
                onChange={(event) => set({ is_self_write: event.target.checked })}
              />
            }
            label="允许填写选项以外的值"
          />
        )}
      </Box>

      <Grid container spacing={2}>
        {maxLabel && (
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <CountInput
              id={id('max')}
              label={maxLabel}
              value={field.max}
              onChange={(max) => set({ max })}
              helperText="留空表示不限"
            />
          </Grid>
        )}
        {hasLimit({ type: field.type }) && (
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <CountInput
              id={id('limit')}
              label="图片数量上限"
              value={field.limit}
              onChange={(limit) => set({ limit })}
              helperText={`留空为 ${traits.defaultLimit} 张`}
            />
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField
            id={id('style')}
            label="宽度"
            fullWidth
            value={field.style}
            onChange={(event) => set({ style: event.target.value })}
            helperText="如 50% 或 320px，留空占满一行"
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        </Grid>
        {traits.needsUrl && (
          <Grid size={{ xs: 12, md: 9 }}>
            <TextField
              id={id('url')}
              label="选项数据地址"
              required
              fullWidth
              value={field.url}
              onChange={(event) => set({ url: event.target.value })}
              placeholder="news_manage/get_out_options?class_id=1"
              helperText="本系统接口路径。news_manage/get_out_options?class_id=<栏目ID> 列出另一个栏目的内容作为选项"
              slotProps={{ htmlInput: { maxLength: 300, spellCheck: false } }}
            />
          </Grid>
        )}
      </Grid>

      {traits.hasOptions && (
        <FieldOptionsEditor options={field.options} onChange={(options) => set({ options })} />
      )}

      {traits.isGroup && !isChild && (
        <Box sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.subtle' }}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            子字段（每行包含以下字段，最多一层）
          </Typography>
          <FieldSchemaBuilder
            fields={field.child_info}
            onChange={(child_info) => set({ child_info })}
            isChild
          />
        </Box>
      )}
    </Box>
  );
}
