'use client';

import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useRef, type ReactNode } from 'react';
import { FlowDiagram } from './FlowDiagram';
import type { FlowNode } from './flow-layout';
import { SaveImageButton } from './SaveImageButton';

/**
 * A process drawing with its loading and empty states, a caption row (legend or explanation) and
 * 保存为图片. `nodes` null while loading.
 */
export function FlowChartFrame({
  nodes,
  labels,
  label,
  loadingLabel,
  filename,
  caption,
}: {
  nodes: FlowNode[] | null;
  labels?: readonly string[];
  label: string;
  loadingLabel: string;
  filename: string;
  caption: ReactNode;
}) {
  const svgRef = useRef<SVGSVGElement | null>(null);
  if (nodes === null) return <Skeleton variant="rounded" height={180} aria-label={loadingLabel} />;
  if (nodes.length === 0)
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
        {caption}
        <SaveImageButton svgRef={svgRef} filename={filename} />
      </Box>
      <FlowDiagram nodes={nodes} labels={labels} label={label} svgRef={svgRef} />
    </Box>
  );
}
