'use client';

import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import dynamic from 'next/dynamic';
import { useCallback } from 'react';
import { ViewLoading } from '@/components/common/ViewLoading';
import { OutOptionsScope } from '@/components/fields/out-auto/out-options-scope';
import { useSiteSettings } from '@/components/layout/site-settings-context';
import { NewsListPanel } from '@/components/news/NewsListPanel';
import { prefetchCategory } from '@/lib/client/api/news';
import { useCategoryInfo } from './use-category-info';
import type { ViewProps } from './view-props';

// A single-page category's form (all the field widgets) loads only for such a category.
const ClassInfoForm = dynamic(
  () => import('@/components/categories/single-page/ClassInfoForm').then((module) => module.ClassInfoForm),
  { ssr: false, loading: () => <ViewLoading /> },
);

/** A /NewsManage/… category: its info first, then the single-page form (type 1) or the content list. */
export function NewsCategoryView({ route }: ViewProps) {
  const classId = route.category?.classId;
  const { page_size: pageSize } = useSiteSettings();
  // A list category (not a single page, type 1): its first page loads alongside the info (the
  // shell has usually started both already, as the path became active; then this adds nothing).
  const isList = route.category !== undefined && route.category.classType !== '1';
  const onLoadStart = useCallback(() => {
    if (classId !== undefined) prefetchCategory({ classId, isList, limit: pageSize });
  }, [isList, classId, pageSize]);
  const { state, retry } = useCategoryInfo({ classId, onLoadStart });

  if (state.status === 'loading') return <ViewLoading label={`正在加载「${route.title}」…`} />;
  if (state.status === 'failed') {
    return (
      <Card variant="outlined">
        <CardContent
          role="alert"
          sx={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: 1.5,
            py: 8,
            textAlign: 'center',
          }}
        >
          <ErrorOutlineRounded color="error" sx={{ fontSize: 40 }} />
          <Typography variant="subtitle1">「{route.title}」的栏目信息加载失败</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            栏目可能已被删除或隐藏，也可能是网络问题。
          </Typography>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button variant="contained" onClick={retry}>
              重试
            </Button>
            <Button href="/NewsManage">返回内容管理</Button>
          </Box>
        </CardContent>
      </Card>
    );
  }
  const { info } = state;
  return (
    <Box
      component="section"
      aria-label={`${info.name}栏目`}
      data-class-id={info.id}
      data-class-type={info.class_type}
    >
      {/* Relation fields ask for their options on behalf of this category (out-options-scope). */}
      <OutOptionsScope classId={info.id}>
        {info.class_type === '1' ? <ClassInfoForm info={info} /> : <NewsListPanel info={info} />}
      </OutOptionsScope>
    </Box>
  );
}
