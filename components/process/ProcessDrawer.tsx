'use client';

import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import dynamic from 'next/dynamic';
import { useId, useState } from 'react';
import type { ProcessRecord, ProcessStep } from '@/lib/process/process-types';
import { ProcessRecordsPane } from './ProcessRecordsPane';
import type { DrawerTab, ProcessItem } from './use-process-panel';

// The drawing loads only when its tab is opened.
const ProcessItemChart = dynamic(() => import('./ProcessItemChart').then((mod) => mod.ProcessItemChart), {
  ssr: false,
  loading: () => <Skeleton variant="rounded" height={180} aria-label="流程图加载中" />,
});

type ProcessDrawerProps = {
  drawer: { item: ProcessItem; tab: DrawerTab } | null;
  hasChart: boolean;
  steps: readonly ProcessStep[];
  version: number;
  onTab: (tab: DrawerTab) => void;
  onClose: () => void;
  onAdd: (process: number | null) => void;
  onEdit: (record: ProcessRecord) => void;
  onDelete: (record: ProcessRecord) => void;
};

/** 流程列表: from the right, half the window (all of it under 992 px); the records, and for type 5 the 流程图 tab. */
export function ProcessDrawer({
  drawer,
  hasChart,
  steps,
  version,
  onTab,
  onClose,
  ...actions
}: ProcessDrawerProps) {
  const id = useId();
  // The last item stays while the drawer slides out.
  const [shown, setShown] = useState(drawer);
  if (drawer !== null && drawer !== shown) setShown(drawer);
  const tab = hasChart ? (shown?.tab ?? 'list') : 'list';
  return (
    <Drawer
      anchor="right"
      open={drawer !== null}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': `${id}-title`,
          sx: { width: '100%', '@media (min-width: 992px)': { width: '50%' } },
        },
        transition: { onExited: () => setShown(null) },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2.5,
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={`${id}-title`} variant="h6" component="h2">
            流程列表
          </Typography>
          <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
            {shown?.item.title}
          </Typography>
        </Box>
        <IconButton aria-label="关闭" onClick={onClose}>
          <CloseRounded />
        </IconButton>
      </Box>
      {hasChart && (
        <Tabs
          value={tab}
          onChange={(_, next: DrawerTab) => onTab(next)}
          aria-label="流程视图"
          sx={{ px: 2.5, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="list" label="流程列表" id={`${id}-tab-list`} aria-controls={`${id}-panel`} />
          <Tab value="chart" label="流程图" id={`${id}-tab-chart`} aria-controls={`${id}-panel`} />
        </Tabs>
      )}
      <Box
        id={`${id}-panel`}
        role={hasChart ? 'tabpanel' : undefined}
        aria-labelledby={hasChart ? `${id}-tab-${tab}` : undefined}
        sx={{ p: 2.5, overflowY: 'auto', flex: 1 }}
      >
        {shown &&
          (tab === 'chart' ? (
            <ProcessItemChart newsId={shown.item.id} title={shown.item.title} version={version} />
          ) : (
            <ProcessRecordsPane
              key={shown.item.id}
              newsId={shown.item.id}
              steps={steps}
              version={version}
              {...actions}
            />
          ))}
      </Box>
    </Drawer>
  );
}
