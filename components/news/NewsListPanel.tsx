'use client';

import { Card, CardContent, Typography } from '@mui/material';
import type { ClassInfo } from './news-types';

// Placeholder until the content list lands (issue 5): the host screen already renders it for
// list categories (class_type 0/4/5).
export function NewsListPanel({ info }: { info: ClassInfo }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="h6">{info.name}</Typography>
        <Typography color="text.secondary">内容列表正在建设中（栏目类型 {info.class_type}）。</Typography>
      </CardContent>
    </Card>
  );
}
