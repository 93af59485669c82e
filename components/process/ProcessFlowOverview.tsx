'use client';

import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMemo, useRef } from 'react';
import { formatCount } from '@/components/news/format-count';
import { FlowDiagram } from './FlowDiagram';
import type { FlowNode } from './flow-layout';
import { formatDuration } from './format-process';
import { fetchProcessFlow } from './process-api';
import { SaveImageButton } from './SaveImageButton';
import { useLoaded } from './use-loaded';

type ProcessFlowOverviewProps = { classId: number; name: string; version: number };

/** The category's flow: how many items are at each step, and the median time from each step to the next. */
export function ProcessFlowOverview({ classId, name, version }: ProcessFlowOverviewProps) {
  const svgRef = useRef<SVGSVGElement | null>(null);
  const { data: flow } = useLoaded({
    key: String(classId),
    version,
    load: () => fetchProcessFlow({ classId }),
  });
  const { nodes, labels } = useMemo(() => {
    const steps = flow ?? [];
    return {
      nodes: steps.map<FlowNode>((step) => ({
        key: String(step.value),
        title: step.title,
        detail: `${formatCount(step.count)} 项`,
        state: 'plain',
      })),
      // A step's median is the time from the step before it: it goes on the arrow into it.
      labels: steps
        .slice(1)
        .map((step) => (step.median_seconds === null ? '' : formatDuration(step.median_seconds))),
    };
  }, [flow]);

  if (flow === null) return <Skeleton variant="rounded" height={180} aria-label="流程总览加载中" />;
  if (flow.length === 0)
    return (
      <Typography role="status" sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>
        该栏目没有流程步骤
      </Typography>
    );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          框内为停在该步骤的内容数，箭头上为相邻两步之间用时的中位数
        </Typography>
        <SaveImageButton svgRef={svgRef} filename={`${name}-流程总览.png`} />
      </Box>
      <FlowDiagram nodes={nodes} labels={labels} label={`${name}的流程总览`} svgRef={svgRef} />
    </Box>
  );
}
