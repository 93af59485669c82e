'use client';

import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { formatCount } from '@/components/news/format-count';
import { FlowChartFrame } from './FlowChartFrame';
import type { FlowNode } from './flow-layout';
import { formatDuration } from './format-process';
import { fetchProcessFlow } from '@/lib/client/api/process';
import { useLoaded } from './use-loaded';

type ProcessFlowOverviewProps = { classId: number; name: string; version: number };

/** The category's flow: how many items are at each step, and the median time from each step to the next. */
export function ProcessFlowOverview({ classId, name, version }: ProcessFlowOverviewProps) {
  const { data: flow } = useLoaded({
    key: String(classId),
    version,
    load: () => fetchProcessFlow({ classId }),
  });
  const { nodes, labels } = useMemo(() => {
    if (!flow) return { nodes: null, labels: [] };
    return {
      nodes: flow.map<FlowNode>((step) => ({
        key: String(step.value),
        title: step.title,
        detail: `${formatCount(step.count)} 项`,
        state: 'plain',
      })),
      // A step's median is the time from the step before it: it goes on the arrow into it.
      labels: flow
        .slice(1)
        .map((step) => (step.median_seconds === null ? '' : formatDuration(step.median_seconds))),
    };
  }, [flow]);

  return (
    <FlowChartFrame
      nodes={nodes}
      labels={labels}
      label={`${name}的流程总览`}
      loadingLabel="流程总览加载中"
      filename={`${name}-流程总览.png`}
      caption={
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          框内为停在该步骤的内容数，箭头上为相邻两步之间用时的中位数
        </Typography>
      }
    />
  );
}
