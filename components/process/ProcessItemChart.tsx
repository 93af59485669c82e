'use client';

import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMemo, useRef } from 'react';
import { FlowDiagram } from './FlowDiagram';
import type { FlowNode } from './flow-layout';
import { FlowLegend } from './FlowLegend';
import { formatMoment } from './format-process';
import { SaveImageButton } from './SaveImageButton';
import { stepStates } from './step-state';
import { useItemProcess } from './use-item-process';

/** An item's 流程图: its steps as boxes, done / current / pending, each with its time; 保存为图片. */
export function ProcessItemChart({
  newsId,
  title,
  version,
}: {
  newsId: number;
  title: string;
  version: number;
}) {
  const svgRef = useRef<SVGSVGElement | null>(null);
  const { steps } = useItemProcess({ newsId, version });
  const nodes = useMemo<FlowNode[]>(() => {
    if (!steps) return [];
    const states = stepStates(steps);
    return steps.map((step, index) => ({
      key: String(step.id),
      title: step.content,
      detail: step.timestamp === null ? '未填写' : formatMoment(step.timestamp),
      state: states[index],
    }));
  }, [steps]);

  if (steps === null) return <Skeleton variant="rounded" height={180} aria-label="流程图加载中" />;
  if (steps.length === 0)
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
        <FlowLegend />
        <SaveImageButton svgRef={svgRef} filename={`${title || `内容${newsId}`}-流程图.png`} />
      </Box>
      <FlowDiagram nodes={nodes} label={`「${title}」的流程图`} svgRef={svgRef} />
    </Box>
  );
}
