'use client';

import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { orUnavailable } from '@/components/common/chunk-fallbacks';
import { useHasBeenTrue } from '@/components/common/use-has-been-true';
import { RecordForm } from '@/components/fields';
import { SensitiveReportPanel } from '@/components/sensitive/SensitiveReportPanel';
import { ClassInfoEmpty } from './ClassInfoEmpty';
import type { ClassInfo } from '@/lib/categories/to-api';
import { useClassInfoForm } from './use-class-info-form';

// 历史版本 loads when first opened.
const RevisionDrawer = dynamic(
  () =>
    orUnavailable(
      import('@/components/revisions/RevisionDrawer').then((module) => module.RevisionDrawer),
      '历史版本',
    ),
  { ssr: false },
);

type ClassInfoFormProps = {
  /** The answer of news_manage/get_calss_info for a type-1 category. */
  info: ClassInfo;
  onSaved?: () => void;
};

/** The single-page (type 1) category form: content_fileds.class filled with class_fields, 保存 → save_class_info. */
export function ClassInfoForm({ info, onSaved }: ClassInfoFormProps) {
  const { form, fields, isSaving, isDirty, isFirstSave, submit, reset, reload, sensitive, check } =
    useClassInfoForm({ info, onSaved });
  const [isHistoryOpen, setIsHistoryOpen] = useState(false);
  const hasHistory = useHasBeenTrue(isHistoryOpen);
  return (
    <Card variant="outlined">
      <CardHeader
        title={info.name}
        subheader="单页内容"
        slotProps={{ title: { component: 'h1', variant: 'h6' } }}
        action={
          fields.length > 0 &&
          !isFirstSave && (
            <Button variant="outlined" startIcon={<HistoryRounded />} onClick={() => setIsHistoryOpen(true)}>
              历史版本
            </Button>
          )
        }
      />
      {hasHistory && (
        <RevisionDrawer
          isOpen={isHistoryOpen}
          info={info}
          subject={{ kind: 'page', id: info.id }}
          title={info.name}
          isDirty={isDirty}
          onClose={() => setIsHistoryOpen(false)}
          onReverted={() => {
            setIsHistoryOpen(false);
            void reload();
          }}
        />
      )}
      <Divider />
      <CardContent>
        {fields.length === 0 ? (
          <ClassInfoEmpty name={info.name} />
        ) : (
          <Box component="form" noValidate onSubmit={submit} aria-label={`${info.name}单页内容`}>
            <RecordForm form={form} isDisabled={isSaving} />
            <SensitiveReportPanel
              sensitive={sensitive}
              isSaving={isSaving}
              onConfirm={() => void submit(undefined, { isConfirmed: true })}
            />
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
              <Button
                type="button"
                variant="outlined"
                startIcon={<FactCheckOutlined />}
                onClick={check}
                loading={sensitive.isChecking}
                loadingPosition="start"
                disabled={isSaving}
              >
                检测
              </Button>
            </Box>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
