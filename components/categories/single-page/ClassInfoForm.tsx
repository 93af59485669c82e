'use client';

import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import { RecordForm } from '@/components/fields';
import { ClassInfoEmpty } from './ClassInfoEmpty';
import type { ClassInfo } from '@/lib/categories/to-api';
import { useClassInfoForm } from './use-class-info-form';

type ClassInfoFormProps = {
  /** The answer of news_manage/get_calss_info for a type-1 category. */
  info: ClassInfo;
  onSaved?: () => void;
};

/** The single-page (type 1) category form: content_fileds.class filled with class_fields, 保存 → save_class_info. */
export function ClassInfoForm({ info, onSaved }: ClassInfoFormProps) {
  const { form, fields, isSaving, submit, reset } = useClassInfoForm({ info, onSaved });
  return (
    <Card variant="outlined">
      <CardHeader
        title={info.name}
        subheader="单页内容"
        slotProps={{ title: { component: 'h1', variant: 'h6' } }}
      />
      <Divider />
      <CardContent>
        {fields.length === 0 ? (
          <ClassInfoEmpty name={info.name} />
        ) : (
          <Box component="form" noValidate onSubmit={submit} aria-label={`${info.name}单页内容`}>
            <RecordForm form={form} isDisabled={isSaving} />
            <Box
              sx={{
                position: 'sticky',
                bottom: 0,
                zIndex: 2,
                display: 'flex',
                gap: 1.5,
                py: 1.5,
                mx: -2,
                px: 2,
                bgcolor: 'background.paper',
                borderTop: 1,
                borderColor: 'divider',
              }}
            >
              <Button
                type="submit"
                variant="contained"
                startIcon={<SaveOutlined />}
                loading={isSaving}
                disabled={form.isUploading}
              >
                {form.isUploading ? '文件上传中…' : '保存'}
              </Button>
              <Button type="button" variant="outlined" onClick={reset} disabled={isSaving}>
                重置
              </Button>
            </Box>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
