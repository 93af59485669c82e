'use client';

import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { EmptyState } from '@/components/common/EmptyState';
import type { ViewProps } from './view-props';

/** Stands in for a module whose screens arrive in a later issue. */
export function ModulePlaceholderView({ route }: ViewProps) {
  return (
    <Card variant="outlined">
      <CardContent>
        <EmptyState
          icon={<ConstructionOutlined />}
          title={route.title}
          description={`「${route.title}」模块正在建设中，敬请期待。`}
          isPageHeading
          py={8}
        />
      </CardContent>
    </Card>
  );
}
